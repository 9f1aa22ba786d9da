"""Words for players beyond an action's label: the glossary of rule terms and the sentences
that tell what happened (narration). Shared by the terminal and the Discord bot; the core
does not import it."""

"""The league's automatic formats: pods, the queue's matching and season points."""

// A live game's page comes back by itself within seconds of a move: a small read of the
// game's version every few seconds, and a reload once it changed. Served as a file (the
// Content-Security-Policy allows no inline script); its page gives it, on its own tag,
// the version shown, where to ask and how often.
(function () {
  var tag = document.currentScript;
  var seen = tag.dataset.version;
  var where = tag.dataset.where;
  var every = Number(tag.dataset.poll) * 1000;
  setInterval(function () {
    fetch(where, {cache: "no-store"}).then(function (r) { return r.ok ? r.text() : null; })
      .then(function (t) { if (t !== null && t.trim() !== seen) { location.reload(); } })
      .catch(function () {});
  }, every);
})();

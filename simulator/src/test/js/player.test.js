/*
 * The player's own tests (player.js, src/main/resources/lockstep/simulator/player/): plain JavaScript, run inside a
 * player page in the real browser by PlayerPageBrowserTest (thePlayersScriptPassesItsOwnTests), which evaluates this
 * file and expects an empty list. Each test states what a word, a colour or a move of the cursor must be, as the
 * window's view models (LaneViewModel.caption/status/word, StateStyle, ReplayCursor) have it; no framework.
 *
 * The value of the file is a promise of the failures, one line each.
 */
(async function () {
  "use strict";
  var failures = [];
  var lockstep = window.lockstep;
  var parts = lockstep.parts;

  function same(what, expected, actual) {
    if (JSON.stringify(expected) !== JSON.stringify(actual)) {
      failures.push(what + ": expected " + JSON.stringify(expected) + ", got " + JSON.stringify(actual));
    }
  }

  /** Changes the address's hash as a link would, and waits until the page has read it. */
  function address(hash) {
    return new Promise(function (done) {
      window.addEventListener("hashchange", function () { done(); }, { once: true });
      location.hash = hash;
    });
  }

  var row = { state: "waiting", look: "normal", woken: false, watchesChildren: false, watchedGone: false,
    watchingLabel: "#3 c4", mode: "", holds: 1, node: "", connection: "connected", session: 1, sessionAlive: true,
    server: 0, paused: false };
  function with_(changes) {
    return Object.assign({}, row, changes);
  }

  // words: a key's text with its values put in; a key missing in a language is said in English, a key missing
  // everywhere shows itself (never "undefined")
  parts.useLanguage("en");
  same("t fills {0}", "watching #3 c4", parts.t("caption.watching", "#3 c4"));
  same("t keeps a {1} it is not given", "holds #2{1}", parts.t("caption.holds", "#2"));
  same("t of an unknown key", "no.such.key", parts.t("no.such.key"));

  // a client's lines, as LaneViewModel words them
  same("waiting on a predecessor", "watching #3 c4", parts.caption(row));
  same("woken", "woken: re-checking", parts.caption(with_({ woken: true })));
  same("watching a gone node", "watching #3 c4, which is gone", parts.caption(with_({ watchedGone: true })));
  same("watching the children", "watching the children", parts.caption(with_({ watchesChildren: true })));
  same("holding twice for reading", "holds #2 (read) x2",
    parts.caption(with_({ state: "holding", node: "#2", mode: "read", holds: 2 })));
  same("holding the one lock node", "holds the lock", parts.caption(with_({ state: "holding" })));
  same("asking in a mode", "asking for " + parts.t("mode.write"),
    parts.caption(with_({ state: "requesting", mode: "write" })));
  same("a zombie's caption", "its session has ended", parts.caption(with_({ look: "zombie", state: "holding" })));
  same("a zombie's word", "thinks it holds", parts.word(with_({ look: "zombie", state: "holding" })));
  same("idle has no caption", "", parts.caption(with_({ state: "idle" })));
  same("status of a plain session", "", parts.status(row));
  same("status: paused, second session, on server 2", "\u2192 s2 · paused · session 2",
    parts.status(with_({ paused: true, session: 2, server: 2 })));
  same("status: a crashed client's closed session says nothing more", "",
    parts.status(with_({ state: "crashed", connection: "closed", sessionAlive: false })));
  same("status: disconnected", "disconnected", parts.status(with_({ connection: "disconnected" })));

  // states to styles (StateStyle.of): released and gave up look idle, expired looks crashed
  same("styles", ["holding", "holding", "waiting", "requesting", "idle", "idle", "crashed", "crashed", "idle"],
    ["holding", "still-holding", "waiting", "requesting", "released", "gave-up", "crashed", "expired", "idle"]
      .map(parts.styleOf));

  // identity colours (StateStyle.identity): twelve hand-picked, then distinct HSB hues, always #RRGGBB
  same("c1's colour", "#56647B", parts.identity(0));
  same("a position below 0 is c1's", parts.identity(0), parts.identity(-4));
  var colours = [];
  for (var i = 0; i < 40; i++) {
    colours.push(parts.identity(i));
  }
  same("colours are #RRGGBB", [], colours.filter(function (c) { return !/^#[0-9A-F]{6}$/.test(c); }));
  same("forty clients, forty colours", 40, new Set(colours).size);

  // the cursor: the last beat of a script line (where Shift+Right lands), seeking clamps to the run, the address
  // follows and leads
  var beats = lockstep.beats();
  same("the first line ends after the run's start", true, parts.lastBeatOfStep(1) > parts.lastBeatOfStep(0));
  same("a step past the end ends at the last beat", beats - 1, parts.lastBeatOfStep(1e9));
  lockstep.seek(-5);
  same("seek below 0", 0, lockstep.beat());
  lockstep.seek(beats + 100);
  same("seek past the end", beats - 1, lockstep.beat());
  same("the address follows", "#beat=" + (beats - 1), location.hash);
  await address("#beat=1&lang=ru");
  same("the address leads: beat", 1, lockstep.beat());
  same("the address leads: language", "ru", lockstep.language());
  same("words in Russian", "ожидает", parts.t("state.waiting"));
  await address("#beat=banana&lang=xx");
  same("a beat that is no number is ignored", 1, lockstep.beat());
  same("an unknown language is ignored", "ru", lockstep.language());
  await address("#beat=0&lang=en");
  same("back to English", "en", lockstep.language());

  // the title card before the script's first line, as the window's banner: the scenario's title, its lanes'
  // algorithms, its description, in the page's language
  var banner = function () { return document.getElementById("banner-text").textContent; };
  var card = parts.titleCard();
  same("the card's title is the page's", document.getElementById("title").textContent, card.title);
  same("the card names the lanes", "naive · sequential", card.lanes);
  same("the card describes the scenario", true, /^Ten clients want the same lock\./.test(card.description));
  same("beat 0 shows the card", card.title + card.lanes + card.description, banner());
  same("the card is not quiet", false, document.getElementById("banner").classList.contains("quiet"));
  await address("#beat=0&lang=zh");
  same("the card in Chinese", parts.titleCard().title + parts.titleCard().lanes + parts.titleCard().description,
    banner());
  same("a Chinese description", true, /[\u4e00-\u9fff]/.test(parts.titleCard().description));
  await address("#beat=" + parts.lastBeatOfStep(1) + "&lang=en");
  same("after the first line, no card", false, banner().indexOf(card.description) >= 0);
  await address("#beat=0&lang=en");
  return failures;
}())

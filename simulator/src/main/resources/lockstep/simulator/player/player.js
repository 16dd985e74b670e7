/*
 * Lockstep's player: draws the frames of a recorded comparison (lockstep.simulator.frame, written into this page by
 * PlayerPage) and nothing else, so it says what the window says at every beat. Plain JavaScript, no framework, no
 * build step; nothing here makes a request of any kind.
 *
 * Steps: read the data; lay out one lane per trace (title, path and server chips, caption, resource line, the body
 * with the znode cards left, the clients right, the server column at the right edge and the watches, pulses and
 * session lines on an SVG layer between them, the banners and the counters), the script, the event log and the
 * timeline; then show(beat) turns the beat's frames into words in the chosen language, as the window's view models do
 * (LaneViewModel.caption/status, LaneSummary, Sessions). Keys: Space, Left/Right, Shift+Left/Right, Home/End (as in
 * the window), P for projection. The address holds the beat and the language (#beat=12&lang=zh).
 */
(function () {
  "use strict";

  var DATA = JSON.parse(document.getElementById("lockstep-data").textContent);
  var SVG = "http://www.w3.org/2000/svg";
  var IDENTITY = ["#56647B", "#0B7285", "#A3306E", "#8A5A12", "#2C4A8A", "#5F6F12", "#7A3E9D", "#9E3D4E",
    "#985C7A", "#B4420F", "#4F46A5", "#6B5B3E"];
  var BADGE = { holding: "#00916E", waiting: "#D98E04", requesting: "#1F6FD1", idle: "#8792A2", crashed: "#D1492E" };
  var FULL_PITCH = 56;
  var FIT_ROWS = 9;
  /** The narrowest a znode card gets when the clients' words need the room (LaneView.MIN_CARD_W). */
  var MIN_CARD_W = 96;
  /** The least height the page's parts other than the rows take, for many rows: a first guess (see fitPage). */
  var CHROME = 380;
  /** The narrowest window that keeps the side panel open at first (narrower, the lanes take its room; a button opens it). */
  var PANEL_NEEDS_WIDTH = 1500;
  var PLAY_EVERY_MS = 700;

  var pulses = [];
  var PULSE_MS = 1600;
  var ui = { beat: DATA.start || 0, lang: "en", playing: false, timer: null, logLane: 0, squeeze: 0,
    squeezedFor: "", panel: null };
  var lanes = [];

  // ---- words ------------------------------------------------------------------------------------------------

  /** The word of key in the page's language, {0}, {1}... filled in. */
  function t(key) {
    var table = DATA.words[ui.lang] || DATA.words.en;
    var text = table[key];
    if (text === undefined) {
      text = DATA.words.en[key] === undefined ? key : DATA.words.en[key];
    }
    var args = Array.prototype.slice.call(arguments, 1);
    return text.replace(/\{(\d+)\}/g, function (m, i) { return args[+i] === undefined ? m : String(args[+i]); });
  }

  /** A client's identity colour by its position (the window's StateStyle.identity). */
  function identity(position) {
    var p = Math.max(0, position);
    if (p < IDENTITY.length) {
      return IDENTITY[p];
    }
    var hue = (p * 137.508) % 360;
    var brightness = 0.42 + 0.12 * (Math.floor(p / 7) % 3) / 2;
    return hsb(hue, 0.75, brightness);
  }

  function hsb(h, s, v) {
    var f = function (n) {
      var k = (n + h / 60) % 6;
      return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
    };
    return "#" + [f(5), f(3), f(1)].map(function (x) { return ("0" + x.toString(16)).slice(-2); }).join("").toUpperCase();
  }

  /** The style class of a state (StateStyle.of): released and gave up look idle, expired looks crashed. */
  function styleOf(state) {
    switch (state) {
      case "holding": case "still-holding": return "holding";
      case "waiting": return "waiting";
      case "requesting": return "requesting";
      case "crashed": case "expired": return "crashed";
      default: return "idle";
    }
  }

  /** The word beside a client (LaneViewModel.word). */
  function word(r) {
    return r.look === "zombie" ? t("state.thinks-it-holds") : t("state." + r.state);
  }

  /** The line under a client's word (LaneViewModel.caption). */
  function caption(r) {
    if (r.look === "zombie") {
      return t("caption.session-has-ended");
    }
    switch (r.state) {
      case "waiting":
        return r.woken ? t("caption.woken") : r.watchesChildren ? t("caption.watching-children")
          : r.watchedGone ? t("caption.watching-gone", r.watchingLabel) : t("caption.watching", r.watchingLabel);
      case "holding": case "still-holding":
        var holds = (r.mode === "read" ? t("caption.read") : "") + (r.holds > 1 ? " x" + r.holds : "");
        return r.node === "" ? t("caption.holds-the-lock", holds) : t("caption.holds", r.node, holds);
      case "requesting":
        return r.woken ? t("caption.woken") : r.mode === "" ? t("caption.asking-for-the-lock")
          : t("caption.asking-for", t("mode." + r.mode));
      case "released": return t("caption.released");
      case "gave-up": return t("caption.gave-up");
      case "crashed": return t("caption.crashed");
      case "expired": return t("caption.expired");
      default: return "";
    }
  }

  /** What the server knows of a client (LaneViewModel.status). */
  function status(r) {
    var words = [];
    if (r.paused) {
      words.push(t("status.paused"));
    }
    if (r.connection === "connected") {
      if (r.session > 1) {
        words.push(t("status.session", r.session));
      }
    } else if (r.connection === "closed") {
      if (r.state !== "crashed") {
        words.push(t("status.closed"));
      }
    } else if (r.connection === "expired") {
      if (r.state !== "expired") {
        words.push(t("status.expired"));
      }
    } else {
      words.push(t("status." + r.connection));
    }
    if (!r.sessionAlive && r.connection !== "expired" && r.connection !== "closed" && r.state !== "expired"
        && r.state !== "crashed" && r.look !== "zombie") {
      words.push(t("status.session-ended"));
    }
    var joined = words.join(" · ");
    if (r.server === 0) {
      return joined;
    }
    return joined === "" ? "\u2192 s" + r.server : "\u2192 s" + r.server + " · " + joined;
  }

  function isEnsemble(servers) {
    return servers.boxes.length > 1 || (servers.boxes.length === 1 && servers.boxes[0].number > 0);
  }

  function roleWord(role) {
    return role === "leader" ? "\u2605" + t("server.leader") : t("role." + role);
  }

  /** The server chip (LaneViewModel.serverText). */
  function serverText(s) {
    if (isEnsemble(s)) {
      return s.boxes.map(function (b) { return "s" + b.number + " " + roleWord(b.role); }).join(" · ");
    }
    if (!s.running) {
      return t("server.stopped");
    }
    if (s.back === "started-again") {
      return t("server.started-again");
    }
    if (s.back === "restarted") {
      return t("server.restarted");
    }
    return t(s.restarts === 0 ? "server.up" : "server.up-restarted");
  }

  /** The resource line (LaneViewModel.writeMark), or null for a run that never writes. */
  function writeMark(w) {
    if (!w) {
      return null;
    }
    if (w.fresh) {
      // a zombie's accepted write is the unfenced write: red, as a refused one, and said so
      var unsafe = w.accepted && w.byZombie;
      var what = unsafe ? t("resource.accepted-zombie") : w.accepted ? t("resource.accepted")
        : t("resource.refused", w.acceptedBefore);
      return { fresh: true, accepted: w.accepted && !unsafe,
        text: (w.accepted && !unsafe ? "✓ " : "✗ ") + t("resource.wrote", w.client, w.token, what) };
    }
    var text = w.acceptedCount === 0 && w.refusedCount === 0 ? t("resource.no-write")
      : t("resource.last-write", w.lastWriter, w.lastToken)
        + (w.refusedCount > 0 ? " · " + t("resource.refused-count", w.refusedCount) : "");
    return { fresh: false, accepted: true, text: text };
  }

  /** A session line's kind and word (Sessions.lineOf). */
  function sessionLine(r) {
    switch (r.look) {
      case "crashed": return { kind: "closed-by-client", word: t("session.crashed") };
      case "closed": return { kind: "closed-by-client", word: t("session.closed") };
      case "zombie": case "expired": return { kind: "ended-by-server", word: t("session.expired") };
      case "cut-off": case "no-server": return { kind: "retrying", word: t("session.retrying") };
      case "paused": return { kind: "paused", word: t("session.paused") };
      default: return { kind: "live", word: "" };
    }
  }

  /** A finding's message in the page's language, from the lane's list of findings. */
  function findingText(laneIndex, f) {
    var all = DATA.lanes[laneIndex].findings;
    var en = all.en;
    for (var i = 0; i < en.length; i++) {
      if (en[i] === f.message) {
        return (all[ui.lang] || en)[i];
      }
    }
    return f.message;
  }

  function narrationIn(english) {
    var said = DATA.narration[english];
    return said && said[ui.lang] ? said[ui.lang] : english;
  }

  function captionOf(beat, laneIndex) {
    var frame = DATA.frames[beat][laneIndex];
    if (ui.lang === "en" || !DATA.captions[ui.lang]) {
      return frame.caption;
    }
    return DATA.captions[ui.lang][beat][laneIndex];
  }

  // ---- building the page --------------------------------------------------------------------------------------

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) {
      e.className = cls;
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  function svg(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) {
      e.setAttribute(k, attrs[k]);
    }
    return e;
  }

  function buildLanes() {
    var holder = document.getElementById("lanes");
    DATA.lanes.forEach(function (info, i) {
      var lane = { index: i, info: info };
      var root = el("section", "lane");
      root.id = "lane-" + i;
      root.setAttribute("data-lane", String(i));
      root.setAttribute("data-algorithm", info.algorithm);
      var title = el("h3", "", info.algorithm);
      lane.sub = el("div", "sub");
      lane.bug = el("span", "bug");
      var path = el("div", "path-row");
      var chip = el("span", "chip mono", info.lockPath);
      lane.children = el("span", "muted");
      lane.server = el("span", "chip server-chip");
      var gap = el("span", "gap");
      path.append(chip, lane.children, gap, lane.server);
      lane.caption = el("div", "caption");
      lane.caption.id = "caption-" + i;
      lane.write = el("div", "write");
      lane.body = el("div", "body");
      lane.svg = svg("svg", { "class": "overlay" });
      lane.layer = el("div", "layer");
      lane.body.append(lane.svg, lane.layer);
      lane.finding = el("div", "finding-banner");
      lane.note = el("div", "note-banner");
      lane.counters = el("div", "counters");
      lane.tally = el("div", "tally");
      root.append(title, lane.sub, lane.bug, path, lane.caption, lane.write, lane.body, lane.finding, lane.note, lane.counters,
        lane.tally);
      lane.root = root;
      holder.appendChild(root);
      lanes.push(lane);
    });
  }

  function buildScript() {
    var list = document.getElementById("script");
    DATA.script.forEach(function (s) {
      var li = el("li");
      li.setAttribute("data-line", String(s.line));
      li.append(el("span", "n", String(s.line)), document.createTextNode(s.text));
      li.english = s.text;
      list.appendChild(li);
    });
  }

  function buildEvents() {
    var tabs = document.getElementById("event-tabs");
    DATA.lanes.forEach(function (info, i) {
      var b = el("button", i === ui.logLane ? "on" : "", info.algorithm);
      b.type = "button";
      b.addEventListener("click", function () {
        ui.logLane = i;
        Array.prototype.forEach.call(tabs.children, function (c, j) { c.className = j === i ? "on" : ""; });
        fillEvents();
        showEvents();
      });
      tabs.appendChild(b);
    });
    fillEvents();
  }

  function fillEvents() {
    var list = document.getElementById("events");
    list.textContent = "";
    DATA.lanes[ui.logLane].events.forEach(function (text, i) {
      var li = el("li");
      li.append(el("span", "n", String(i)), document.createTextNode(text));
      list.appendChild(li);
    });
  }

  function buildTimeline() {
    var scrubber = document.getElementById("scrubber");
    scrubber.max = String(DATA.frames.length - 1);
    scrubber.addEventListener("input", function () { pause(); seek(+scrubber.value); });
    var ticks = document.getElementById("ticks");
    var n = Math.max(1, DATA.frames.length - 1);
    var lastStep = -1;
    DATA.beats.forEach(function (b, i) {
      if (b.step !== lastStep || b.narration) {
        var tick = el("i", b.narration ? "say" : "");
        tick.style.left = (100 * i / n) + "%";
        ticks.appendChild(tick);
        lastStep = b.step;
      }
    });
    var flagged = {};
    DATA.frames.forEach(function (beat, i) {
      beat.forEach(function (f) {
        f.findings.forEach(function (x) {
          var key = f.lane + ":" + x.at + ":" + x.kind;
          if (!x.note && !flagged[key]) {
            flagged[key] = true;
            var tick = el("i", "finding");
            tick.style.left = (100 * i / n) + "%";
            ticks.appendChild(tick);
          }
        });
      });
    });
    // a step button pauses playback, as a step key does
    on("first", paused(home));
    on("line-back", paused(previousLine));
    on("back", paused(back));
    on("play", function () { if (ui.playing) { pause(); } else { play(); } });
    on("forward", paused(forward));
    on("line-forward", paused(nextLine));
    on("last", paused(end));
    on("projection", function () { projection(!document.body.classList.contains("projection")); });
    on("panel", function () { ui.panel = !panelShown(); show(); });
    document.getElementById("lang").addEventListener("change", function (e) { useLanguage(e.target.value); });
  }

  function paused(f) {
    return function () { pause(); f(); };
  }

  function on(id, f) {
    document.getElementById(id).addEventListener("click", function (e) { e.currentTarget.blur(); f(); });
  }

  // ---- the cursor (ReplayCursor's moves) --------------------------------------------------------------------

  function seek(b) {
    ui.beat = Math.max(0, Math.min(DATA.frames.length - 1, b | 0));
    show();
    writeAddress();
  }

  function forward() { seek(ui.beat + 1); }
  function back() { seek(ui.beat - 1); }
  function home() { seek(0); }
  function end() { seek(DATA.frames.length - 1); }

  function lastBeatOfStep(step) {
    var last = 0;
    for (var b = 0; b < DATA.beats.length; b++) {
      if (DATA.beats[b].step <= step) {
        last = b;
      }
    }
    return last;
  }

  // Shift+Right: to the end of the next script line, where its effects show; Shift+Left: to the end of the previous
  function nextLine() {
    var k = DATA.beats[ui.beat].step;
    seek(k < DATA.steps ? lastBeatOfStep(k + 1) : DATA.frames.length - 1);
  }

  function previousLine() {
    var k = DATA.beats[ui.beat].step;
    seek(k > 0 ? lastBeatOfStep(k - 1) : 0);
  }

  function play() {
    if (ui.beat >= DATA.frames.length - 1) {
      seek(0);
    }
    ui.playing = true;
    ui.timer = setInterval(function () {
      if (ui.beat >= DATA.frames.length - 1) {
        pause();
        return;
      }
      forward();
      // in projection, playback stops at a narration and at the end of a release, so the room can read and talk
      // (as the window's presentation mode does); otherwise it plays to the end
      var beat = DATA.beats[ui.beat];
      if (document.body.classList.contains("projection") && (beat.narration || beat.releaseEnd)) {
        pause();
      }
    }, PLAY_EVERY_MS);
    showTransport();
  }

  function pause() {
    ui.playing = false;
    if (ui.timer !== null) {
      clearInterval(ui.timer);
      ui.timer = null;
    }
    showTransport();
  }

  /**
   * How much larger projection mode draws: a quarter larger on a 1920-px screen, less on a smaller one, where a larger
   * frame would leave the rows less room than normal mode gives them (and so smaller type), never less than normal.
   */
  function scaleNow() {
    return document.body.classList.contains("projection")
      ? Math.max(1, Math.min(1.25, window.innerWidth / 1536)) : 1;
  }

  function projection(onOff) {
    document.body.classList.toggle("projection", onOff);
    document.getElementById("projection").setAttribute("aria-pressed", String(onOff));
    show();
  }

  /** The side panel (script, events, findings): open on a wide window until the reader says otherwise. */
  function panelShown() {
    return ui.panel === null ? window.innerWidth >= PANEL_NEEDS_WIDTH : ui.panel;
  }

  function showPanel() {
    var shown = panelShown();
    document.body.classList.toggle("no-panel", !shown);
    document.getElementById("panel").setAttribute("aria-pressed", String(shown));
  }

  function useLanguage(lang) {
    ui.lang = DATA.words[lang] ? lang : "en";
    document.documentElement.lang = ui.lang === "zh" ? "zh-Hans" : ui.lang;
    document.getElementById("lang").value = ui.lang;
    show();
    writeAddress();
  }

  // ---- the address: #beat=12&lang=zh ------------------------------------------------------------------------

  function readAddress() {
    var beat = ui.beat;
    var lang = ui.lang;
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      var kv = part.split("=");
      if (kv[0] === "beat" && /^\d+$/.test(kv[1] || "")) {
        beat = +kv[1];
      } else if (kv[0] === "lang" && DATA.words[kv[1]]) {
        lang = kv[1];
      }
    });
    ui.beat = Math.max(0, Math.min(DATA.frames.length - 1, beat));
    ui.lang = lang;
  }

  function writeAddress() {
    var hash = "#beat=" + ui.beat + (ui.lang === "en" ? "" : "&lang=" + ui.lang);
    if (location.hash !== hash) {
      try {
        history.replaceState(null, "", hash);
      } catch (e) {
        location.replace(hash); // a browser that refuses replaceState on a file:// page
      }
    }
  }

  // ---- showing a beat -----------------------------------------------------------------------------------------

  /** Puts a pulse's dot where it is along its path at time {@code now}. */
  function place(pulse, now) {
    var length = pulse.path.getTotalLength();
    var at = pulse.path.getPointAtLength(length * ((now / PULSE_MS + pulse.phase) % 1));
    pulse.dot.setAttribute("cx", String(at.x));
    pulse.dot.setAttribute("cy", String(at.y));
  }

  function animate(now) {
    pulses.forEach(function (pulse) { place(pulse, now); });
    window.requestAnimationFrame(animate);
  }

  function show() {
    showPanel();
    document.body.style.setProperty("--scale", String(scaleNow()));
    var beat = ui.beat;
    pulses = [];
    document.body.setAttribute("data-beat", String(beat));
    document.title = DATA.title[ui.lang] + " · Lockstep";
    document.getElementById("title").textContent = DATA.title[ui.lang];
    showStatic();
    reserveCaptions();
    lanes.forEach(function (lane) { showLane(lane, DATA.frames[beat][lane.index]); });
    showBanner();
    showScript();
    showEvents();
    showFindings();
    showTransport();
    fitPage();
  }

  /**
   * Every lane's caption keeps the height of the longest caption any lane says in the run (at this width, in this
   * language), so the rows start at one height in every lane and stay there from beat to beat, as the window's do.
   */
  function reserveCaptions() {
    var key = ui.lang + (document.body.classList.contains("projection") ? "p" : "")
      + lanes.map(function (lane) { return lane.root.clientWidth; }).join(",");
    if (ui.captionsFor === key) {
      return;
    }
    ui.captionsFor = key;
    var most = 0;
    lanes.forEach(function (lane) {
      var longest = "";
      for (var b = 0; b < DATA.frames.length; b++) {
        var said = captionOf(b, lane.index);
        if (said.length > longest.length) {
          longest = said;
        }
      }
      lane.caption.style.minHeight = "";
      lane.caption.textContent = longest;
      most = Math.max(most, lane.caption.getBoundingClientRect().height);
    });
    lanes.forEach(function (lane) { lane.caption.style.minHeight = most + "px"; });
  }

  /**
   * The rows shrink until the whole page fits the window (the transport stays in view on a projector), never growing
   * back within the run at this size, so the lanes do not change size between beats.
   */
  function fitPage() {
    var size = window.innerWidth + "x" + window.innerHeight + (document.body.classList.contains("projection") ? "p" : "")
      + (panelShown() ? "+panel" : "") + ui.lang;
    if (ui.squeezedFor !== size) {
      ui.squeezedFor = size;
      ui.squeeze = 0;
    }
    // A few passes: the lanes' heads wrap differently as the rows shrink. The side column gives up what the lanes
    // could not (its panels scroll inside).
    var aside = document.querySelector("aside");
    if (ui.squeeze === 0) {
      aside.style.maxHeight = "";
    }
    for (var pass = 0; pass < 5; pass++) {
      var over = document.documentElement.scrollHeight - window.innerHeight;
      if (over <= 0) {
        return;
      }
      ui.squeeze += over + 1;
      lanes.forEach(function (lane) { showLane(lane, DATA.frames[ui.beat][lane.index]); });
      aside.style.maxHeight = Math.max(200, aside.getBoundingClientRect().height - over) + "px";
    }
  }

  function showStatic() {
    document.getElementById("lang-label").textContent = t("page.language");
    document.getElementById("projection").textContent = t("page.projection");
    document.getElementById("panel").textContent = t("page.panel");
    document.getElementById("script-title").textContent = t("page.script");
    document.getElementById("events-title").textContent = t("page.events");
    document.getElementById("findings-title").textContent = t("page.findings");
    document.getElementById("keys").textContent = t("page.keys");
    [["first", "page.first"], ["line-back", "page.line-back"], ["back", "page.back"], ["forward", "page.forward"],
      ["line-forward", "page.line-forward"], ["last", "page.last"]].forEach(function (p) {
      document.getElementById(p[0]).title = t(p[1]);
    });
  }

  function showTransport() {
    var play = document.getElementById("play");
    play.textContent = ui.playing ? "❚❚" : "▶";
    play.title = ui.playing ? t("page.pause") : t("page.play");
    var scrubber = document.getElementById("scrubber");
    scrubber.value = String(ui.beat);
    var b = DATA.beats[ui.beat];
    var k = b.step;
    var text = DATA.frames[ui.beat][0].script;
    var line = k === 0 ? t("footer.before-the-script")
      : t("footer.script-line", k, DATA.steps, /^say\b/.test(text) ? t("footer.say-above") : text)
        + (b.phase === "call" ? "" : " · " + t("phase." + b.phase));
    document.getElementById("position").textContent = t("footer.beat", ui.beat, DATA.frames.length - 1, line);
  }

  /** The banner: a say line common to every lane, else one column per lane, else the title (ReplayCursor.seek). */
  function showBanner() {
    var frames = DATA.frames[ui.beat];
    var common = frames[0].narration;
    frames.forEach(function (f) { if (f.narration !== common) { common = ""; } });
    var anyOwn = frames.some(function (f) { return f.narration !== ""; });
    var box = document.getElementById("banner-text");
    var banner = document.getElementById("banner");
    box.textContent = "";
    if (common === "" && anyOwn) {
      var columns = el("div", "columns");
      frames.forEach(function (f, i) {
        var column = el("div");
        column.append(el("span", "lane-name", DATA.lanes[i].algorithm));
        var own = said(f);
        if (own === "") {
          // as the window's banner: a lane this line says nothing of says so, rather than an empty column
          column.append(el("i", "silent", t("narration.lane-silent")));
          column.classList.add("quiet");
        } else {
          leadAndRest(column, own);
        }
        columns.appendChild(column);
      });
      box.appendChild(columns);
      banner.classList.remove("quiet");
      return;
    }
    if (common === "" && DATA.beats[ui.beat].step === 0) {
      // before the script's first line: the title card, as the window's banner has it
      var card = titleCard();
      box.append(el("b", "", card.title), el("span", "card-lanes", card.lanes));
      if (card.description !== "") {
        box.append(el("div", "card-description", card.description));
      }
      banner.classList.remove("quiet");
      return;
    }
    var text = common === "" ? DATA.title[ui.lang] : said(frames[0]);
    banner.classList.toggle("quiet", common === "");
    leadAndRest(box, text);
  }

  /** The title card in the page's language: the scenario's title, its lanes' algorithms, its description. */
  function titleCard() {
    var about = DATA.description ? (DATA.description[ui.lang] || DATA.description.en || "") : "";
    return { title: DATA.title[ui.lang], lanes: DATA.lanes.map(function (l) { return l.algorithm; }).join(" · "),
      description: about };
  }

  function said(frame) {
    var text = narrationIn(frame.narration);
    return frame.narrationBefore && text !== "" ? t("banner.before", text) : text;
  }

  /** The first clause in bold, as the window's banner: cut where the same expression cuts (FirstClause). */
  function leadAndRest(into, text) {
    var m = new RegExp(DATA.clauseEnd).exec(text);
    var cut = m && m.index + m[0].length < text.length ? m.index + m[0].length : text.length;
    into.append(el("b", "", text.slice(0, cut)), document.createTextNode(text.slice(cut)));
  }

  /** A script line as the page's language says it: a say line in its own words (the file's other lines are code). */
  function scriptText(english) {
    var say = /^say: (.*)$/.exec(english);
    return say ? "say: " + narrationIn(say[1]) : english;
  }

  function showScript() {
    var line = DATA.beats[ui.beat].line;
    var current = null;
    var relabel = ui.scriptLang !== ui.lang;
    ui.scriptLang = ui.lang;
    Array.prototype.forEach.call(document.getElementById("script").children, function (li) {
      if (relabel) {
        li.lastChild.textContent = scriptText(li.english);
      }
      var is = +li.getAttribute("data-line") === line && DATA.beats[ui.beat].step > 0;
      li.classList.toggle("current", is);
      if (is) {
        current = li;
      }
    });
    scrollInto(current, document.getElementById("script"));
  }

  function showEvents() {
    var index = DATA.frames[ui.beat][ui.logLane].event;
    var list = document.getElementById("events");
    var current = null;
    Array.prototype.forEach.call(list.children, function (li, i) {
      li.classList.toggle("current", i === index);
      li.classList.toggle("future", i > index);
      if (i === index) {
        current = li;
      }
    });
    scrollInto(current, list);
  }

  function scrollInto(item, box) {
    if (!item) {
      return;
    }
    var top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - item.offsetHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
    }
  }

  function showFindings() {
    var list = document.getElementById("findings");
    list.textContent = "";
    var any = false;
    DATA.frames[ui.beat].forEach(function (f, i) {
      f.findings.forEach(function (x) {
        any = true;
        list.appendChild(el("li", x.note ? "note" : "failure",
          DATA.lanes[i].algorithm + ": " + findingText(i, x)));
      });
    });
    if (!any) {
      list.appendChild(el("li", "muted", t("page.no-findings")));
    }
  }

  /** One lane at one frame: LaneView.refresh, with the same geometry. */
  /** How far a node of a group's tree sits right of its group's node (LaneView.GROUP_INDENT). */
  var GROUP_INDENT = 18;

  /**
   * A compact row has its word and caption on one line. Where one row of the lane cannot show both whole, every row
   * shows its caption alone (in the state's colour); where that still runs past (or a two-line row's caption is cut),
   * the rows' type shrinks, to 0.7 at least; before it shrinks, the rows take room from the cards (true: lay the lane
   * out again, with wider rows). Kept for the run at this width, as ClientRow's wordless rows are, so the lane does not
   * change between beats.
   */
  function fitRowTexts(lane, compact, clientW, most, pitch) {
    lane.layer.classList.toggle("wordless", compact && lane.wordless);
    lane.layer.classList.toggle("wrap", compact && lane.wrap);
    lane.layer.style.setProperty("--row-font", String(lane.rowFont));
    var rows = lane.layer.querySelectorAll(compact ? ".row" : ".row .said");
    var over = function () {
      return Array.prototype.some.call(rows, function (row) { return row.scrollWidth > row.clientWidth + 1; });
    };
    if (compact && !lane.wordless && over()) {
      lane.wordless = true;
      lane.layer.classList.add("wordless");
    }
    // then room from the cards (as LaneView grows its rows), down to their narrowest
    if (over() && (lane.grownClientW || 0) < most && clientW < most) {
      var extra = 0;
      Array.prototype.forEach.call(rows, function (row) { extra = Math.max(extra, row.scrollWidth - row.clientWidth); });
      lane.grownClientW = Math.min(most, clientW + extra + 4);
      return true;
    }
    while (lane.rowFont > 0.7 && over()) {
      lane.rowFont = Math.round((lane.rowFont - 0.05) * 100) / 100;
      lane.layer.style.setProperty("--row-font", String(lane.rowFont));
    }
    // last, where the row is tall enough for two lines of its type: the caption wraps
    if (compact && !lane.wrap && over() && rows.length > 0
        && pitch - 8 >= 2.3 * parseFloat(window.getComputedStyle(rows[0]).fontSize)) {
      lane.wrap = true;
      lane.layer.classList.add("wrap");
    }
    return false;
  }

  function showLane(lane, f) {
    var scale = scaleNow();
    // one row per client, or per card when the lock's nodes are more (LaneFrame.slots)
    var n = Math.max(f.rows.length, f.slots || 0);
    var width = Math.max(300, lane.root.clientWidth - 36);
    if (lane.fittedFor !== width) {
      lane.fittedFor = width;
      lane.wordless = false;
      lane.rowFont = 1;
      lane.grownClientW = 0;
      lane.wrap = false;
    }
    var pitch = FULL_PITCH * scale;
    if (n > FIT_ROWS) {
      // a first guess at the rows' room (the page's other parts take at least CHROME px of height); fitPage then
      // takes from the rows exactly what the page still runs past the window
      var room = Math.max(200, window.innerHeight - CHROME);
      pitch = Math.max(20, Math.min(pitch, (room - 8) / n));
    } else if (scale > 1) {
      // projection: larger rows only as far as the lanes still fit the screen above the timeline
      var below = 260 * scale;
      var fit = (window.innerHeight - lane.body.getBoundingClientRect().top - below - 8) / Math.max(1, n);
      pitch = Math.max(FULL_PITCH, Math.min(pitch, fit));
    }
    // what the page still ran past the window (fitPage), taken from the rows
    // (to 28 px for a few clients, whose rows then keep a readable type; to 16 for many)
    pitch = Math.max(Math.min(pitch, n > FIT_ROWS ? 16 : 28), pitch - ui.squeeze / n);
    var height = Math.max(pitch * n, ui.squeeze > 0 ? 0 : FULL_PITCH * scale) + 8;
    var serverW = 22 * scale;
    var sessionGap = 26 * scale;
    var clientW = Math.min(280 * scale, width * 0.5 - serverW - sessionGap);
    var mostClientW = width - 14 - MIN_CARD_W * scale - 40 * scale - serverW - sessionGap;
    clientW = Math.max(clientW, Math.min(lane.grownClientW, mostClientW));
    var clientX = width - clientW - serverW - sessionGap;
    var serverX = width - serverW;
    var ensemble = isEnsemble(f.servers);
    var serverH = Math.max(pitch * n, FULL_PITCH * scale, ensemble ? f.servers.boxes.length * 80 * scale : 0);
    height = Math.max(height, serverH + 8);
    var cardW = Math.min(pitch >= 40 ? 200 * scale : 150 * scale, width * 0.36);
    var cardX = 14;
    cardW = Math.max(Math.min(MIN_CARD_W * scale, cardW), Math.min(cardW, clientX - cardX - 40 * scale));
    // a compact lane's cards nearly touch, as the window's do: a card 8 px shorter than a 16-px pitch is a bar
    var cardH = compactPitch(pitch, scale) ? Math.max(8, pitch - 3) : Math.max(8, Math.min(48 * scale, pitch - 8));
    lane.body.style.height = height + "px";
    lane.body.style.width = width + "px";
    lane.svg.setAttribute("width", String(width));
    lane.svg.setAttribute("height", String(height));
    lane.layer.textContent = "";
    lane.svg.textContent = "";

    var info = lane.info;
    var position = {};
    info.clients.forEach(function (c, i) { position[c] = i; });
    var flagged = f.rows.filter(function (r) { return r.flagged; }).map(function (r) { return r.client; });

    // the header: the algorithm's own words, the children, the server
    lane.sub.textContent = info.subtitle[ui.lang] || "";
    var why = info.bug[ui.lang] || "";
    lane.bug.style.display = why === "" ? "none" : "";
    lane.bug.textContent = "BUG" + (info.bugKind ? " · " + info.bugKind.replace(/-/g, " ") : "");
    lane.bug.title = why;
    var children = f.cards.filter(function (c) { return !c.ghost; }).length;
    lane.children.textContent = t(children === 1 ? "summary.child" : "summary.children", children);
    lane.server.textContent = serverText(f.servers);
    lane.server.classList.toggle("stopped", !f.servers.running);
    lane.caption.textContent = captionOf(ui.beat, lane.index);
    var w = writeMark(f.write);
    lane.write.style.display = w ? "" : "none";
    if (w) {
      lane.write.textContent = w.text;
      lane.write.className = "write" + (w.fresh ? (w.accepted ? " accepted" : " refused") : "");
    }

    // client rows
    var rowAnchor = {};
    var rowRight = {};
    var compact = compactPitch(pitch, scale);
    var avatar = Math.max(12, Math.min(40 * scale, compact ? pitch - 5 : pitch - 14));
    f.rows.forEach(function (r, i) {
      var row = el("div", "row " + styleOf(r.state) + " look-" + r.look + (compact ? " compact" : "")
        + (pitch < 14 ? " tiny" : "") + (r.flagged ? " flagged" : ""));
      row.setAttribute("data-client", r.client);
      row.setAttribute("data-state", r.state);
      row.setAttribute("data-look", r.look);
      var y = i * pitch + 4;
      row.style.left = clientX + "px";
      row.style.top = y + "px";
      row.style.width = clientW + "px";
      row.style.height = (pitch - 8) + "px";
      var a = el("div", "avatar", r.client);
      var initials = Math.max(9, Math.min(15 * scale, avatar * 0.4));
      // a small avatar widens to a pill for a long name ("c10") rather than let the name run past its edge
      a.style.width = Math.max(avatar, r.client.length * initials * 0.62 + 4) + "px";
      a.style.height = avatar + "px";
      a.style.fontSize = initials + "px";
      a.style.background = identity(position[r.client]);
      var badge = el("span", "state-badge");
      badge.style.background = BADGE[styleOf(r.state)];
      badge.appendChild(icon(r.look === "zombie" ? "hollow" : iconOf(r.state)));
      a.appendChild(badge);
      var texts = el("div", "texts");
      texts.append(el("span", "word", word(r)), el("span", "said", caption(r)));
      var st = status(r);
      if (st !== "") {
        texts.append(el("span", "status", st));
      }
      row.append(a, texts);
      lane.layer.appendChild(row);
      rowAnchor[r.client] = [clientX - 4, y + (pitch - 8) / 2];
      rowRight[r.client] = [clientX + clientW + 4, y + (pitch - 8) / 2];
    });

    // a compact row's type follows its pitch, as ClientRow's does (the word and caption share one line)
    lane.layer.style.setProperty("--row-base", compact ? Math.min(16 * scale, Math.max(11, pitch * 0.62)) + "px" : "1em");
    if (fitRowTexts(lane, compact, clientW, mostClientW, pitch)) {
      showLane(lane, f);
      return;
    }

    // znode cards
    var cardAnchor = {};
    f.cards.forEach(function (c) {
      // the one node of a lock without slots (naive's "lock") is drawn at full size beside the rows, as the window's
      var h = c.slot < 0 ? Math.min(48 * scale, Math.max(cardH, n * pitch - 8)) : cardH;
      var small = h < 40 * scale;
      var card = el("div", "card" + (c.held ? " held" : "") + (c.ghost ? " ghost" : "")
        + (flagged.indexOf(c.owner) >= 0 && c.held ? " flagged" : "") + (small ? " compact" : ""));
      card.setAttribute("data-path", c.path);
      card.setAttribute("data-owner", c.owner);
      card.title = c.path;
      var y = c.slot < 0 ? Math.max(4, (n * pitch - h) / 2) : c.slot * pitch + (pitch - h) / 2;
      // a node of a group's tree (a multi-lock's A, a semaphore's leases) sits indented under its group's node
      var indent = c.group && !c.header ? GROUP_INDENT * scale : 0;
      card.style.left = (cardX + indent) + "px";
      card.style.top = y + "px";
      card.style.width = (cardW - indent) + "px";
      card.style.height = h + "px";
      // every text of a small card (number, owner, "deleted") takes the card's own size, not the page's
      card.style.fontSize = small ? Math.max(9, Math.min(14 * scale, h * 0.7)) + "px" : "";
      var stripe = el("span", "stripe");
      var colour = identity(position[c.owner] === undefined ? 0 : position[c.owner]);
      stripe.style.background = colour;
      var seq = el("span", "seq", c.sequence >= 0 ? "#" + c.sequence : c.label);
      var name = el("span", "name", c.tagShown && !c.ghost ? c.owner + " · " + c.protection : c.owner);
      name.style.color = c.tagShown && !c.ghost ? "var(--accent)" : colour;
      card.append(stripe, seq, name);
      if (c.ghost) {
        card.append(el("span", "deleted", t("znode.deleted")));
      }
      if (!c.ghost) {
        var badges = el("span", "badges");
        badges.append(el("span", "badge", c.kind === "read" ? "R" : "W"));
        if (c.ephemeral) {
          badges.append(el("span", "badge", "E"));
        }
        card.append(badges);
      }
      if (c.held && pitch >= 22) {
        var key = el("span", "key");
        key.appendChild(icon("key"));
        card.append(key);
      }
      lane.layer.appendChild(card);
      cardAnchor[c.path] = [cardX + cardW, y + h / 2];
    });
    fitCardTexts(lane.layer.querySelectorAll(".card"));

    // the server column and the session lines (ServerColumn, SessionLines)
    var boxes = ensemble ? f.servers.boxes : [{ number: 0, role: "", serving: f.servers.running }];
    var boxH = serverH / boxes.length;
    boxes.forEach(function (b, i) {
      var box = el("div", "server" + (b.serving ? "" : " down"));
      box.style.left = serverX + "px";
      box.style.top = (4 + i * boxH) + "px";
      box.style.width = serverW + "px";
      box.style.height = (boxH - (boxes.length > 1 ? 6 : 0)) + "px";
      box.append(el("span", "", ensemble ? "s" + b.number + " · " + roleWord(b.role)
        : t("session.server") + " · " + t(f.servers.running ? "session.up" : "session.stopped")));
      lane.layer.appendChild(box);
    });
    f.rows.forEach(function (r) {
      var at = rowRight[r.client];
      var box = ensemble ? Math.min(Math.max(0, r.server - 1), boxes.length - 1) : 0;
      var to = [serverX, Math.min(4 + (box + 1) * boxH - 8, Math.max(4 + box * boxH + 8, at[1]))];
      var line = sessionLine(r);
      var g = svg("g", { "class": "session " + line.kind, "data-client": r.client });
      var stroke = line.kind === "live" ? "var(--line)" : line.kind === "paused" ? "var(--border-strong)"
        : line.kind === "retrying" ? "var(--warning)" : "var(--finding)";
      var x1 = at[0];
      var x2 = to[0];
      if (line.kind === "closed-by-client") {
        x1 += (x2 - x1) * 0.45;
      } else if (line.kind === "ended-by-server") {
        x2 -= (x2 - x1) * 0.45;
      }
      g.appendChild(svg("line", { x1: x1, y1: at[1], x2: x2, y2: to[1], stroke: stroke, "stroke-width": 1.5,
        "stroke-dasharray": line.kind === "retrying" ? "4 3" : "" }));
      lane.svg.appendChild(g);
    });

    // watches and this line's notifications (WatchArrows)
    var defs = svg("defs", {});
    var marker = svg("marker", { id: "head-" + lane.index, viewBox: "0 0 8 8", refX: 7, refY: 4,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    marker.appendChild(svg("path", { d: "M0,0 L8,4 L0,8 z", fill: "var(--line)" }));
    defs.appendChild(marker);
    lane.svg.appendChild(defs);
    f.arrows.forEach(function (a) {
      var to = rowAnchor[a.client];
      var froms = a.children ? Object.keys(cardAnchor).map(function (p) { return cardAnchor[p]; })
        : cardAnchor[a.path] ? [cardAnchor[a.path]] : [];
      froms.forEach(function (from) {
        var p = curve(to, from);
        lane.svg.appendChild(svg("path", { d: p, "class": "arrow", "data-client": a.client, "data-path": a.path,
          fill: "none", stroke: a.heldBack ? "var(--warning)" : "var(--line)", "stroke-width": 1.5,
          "stroke-dasharray": a.parked ? "2 4" : "5 4", "marker-end": "url(#head-" + lane.index + ")" }));
      });
      if (froms.length === 0) {
        // the node is gone: the watch is drawn as a stub from its client, owed a notification
        lane.svg.appendChild(svg("path", { d: "M" + to[0] + "," + to[1] + " h" + (-30 * scale), "class": "arrow",
          "data-client": a.client, "data-path": a.path, fill: "none", stroke: "var(--warning)",
          "stroke-width": 1.5, "stroke-dasharray": "2 4" }));
      }
    });
    // the waits-for cycle of a deadlock (WatchArrows.deadlock): a red arrow from each client to the holder of the lock
    // it waits for, looping out left of the avatars, the lock's name at its bend
    var redHead = svg("marker", { id: "dead-" + lane.index, viewBox: "0 0 8 8", refX: 7, refY: 4,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    redHead.appendChild(svg("path", { d: "M0,0 L8,4 L0,8 z", fill: "var(--finding)" }));
    defs.appendChild(redHead);
    (f.deadlock || []).forEach(function (w, k) {
      var from = rowAnchor[w.client];
      var to = rowAnchor[w.holder];
      if (!from || !to) {
        return;
      }
      var bend = (34 + 26 * k) * scale;
      var x = Math.min(from[0], to[0]) - bend;
      lane.svg.appendChild(svg("path", { d: "M" + from[0] + "," + from[1] + " C" + x + "," + from[1] + " " + x + ","
        + to[1] + " " + to[0] + "," + to[1], "class": "waits-for", "data-client": w.client, "data-holder": w.holder,
        fill: "none", stroke: "var(--finding)", "stroke-width": 2.5, "marker-end": "url(#dead-" + lane.index + ")" }));
      var label = svg("text", { x: x + bend * 0.25 - 4 * scale, y: (from[1] + to[1]) / 2, "text-anchor": "end",
        "dominant-baseline": "middle", fill: "var(--finding)", "font-weight": "bold" });
      label.textContent = w.lock;
      lane.svg.appendChild(label);
    });
    f.pulses.forEach(function (p, i) {
      var to = rowAnchor[p.client];
      var from = cardAnchor[p.path];
      if (!to || !from) {
        return;
      }
      var d = curve(from, to);
      var colour = p.stray ? "var(--text3)" : "var(--accent)";
      lane.svg.appendChild(svg("path", { d: d, "class": "pulse-path", "data-client": p.client, fill: "none",
        stroke: colour, "stroke-width": 1.5, "stroke-dasharray": "5 4" }));
      var path = lane.svg.lastChild;
      // two dots travel each notification's path towards its client (moved by the one animation loop below)
      [0, 0.5].forEach(function (phase) {
        var dot = svg("circle", { r: 4.5 * scale, fill: colour, "class": "pulse", "data-client": p.client });
        pulses.push({ dot: dot, path: path, phase: phase + (i % 5) * 0.07 });
        place(pulses[pulses.length - 1], 0);
        lane.svg.appendChild(dot);
      });
    });

    // banners, counters, tally (LaneSummary, LaneCounters)
    var failures = [];
    var notes = [];
    f.findings.forEach(function (x) {
      if (x.note) {
        notes.push(t("summary.note") + findingText(lane.index, x));
      } else {
        failures.push("▼ " + findingText(lane.index, x));
      }
    });
    lane.finding.textContent = failures.join("\n");
    lane.finding.style.display = failures.length ? "" : "none";
    lane.note.textContent = notes.join("\n");
    lane.note.style.display = notes.length ? "" : "none";
    var live = f.holders.live;
    var names = (live.length > 3 ? live.slice(0, 3) : live).join(" ");
    if (f.holders.zombies.length) {
      var z = t("summary.zombies", f.holders.zombies.join(" "));
      names = names === "" ? z : names + " · " + z;
    }
    lane.counters.textContent = "";
    lane.counters.append(counter("notifications", t("counter.notifications"), f.counters.notifications),
      counter("futile", t("counter.futile"), f.counters.futileWakeups),
      counter("calls", t("counter.calls"), f.counters.calls),
      counter("holders", t("counter.holders"), live.length, names, f.holders.tooMany));
    lane.tally.textContent = t(f.tally.releases === 1 ? "tally.one-release" : "tally.releases", f.tally.releases,
      f.tally.woken, f.tally.wins);
    lane.root.setAttribute("data-holders", live.join(" "));
    lane.root.setAttribute("data-event", String(f.event));
  }

  /**
   * A card whose number, owner and "deleted" do not fit its width (a deleted node's three words, a long label) takes
   * a smaller type, a tenth at a time, rather than run past its edge: read all, then write, so a beat lays the lane
   * out once a round and not once a card.
   */
  function fitCardTexts(cards) {
    var over = function (card) {
      var edge = card.getBoundingClientRect().right - 2;
      return Array.prototype.some.call(card.querySelectorAll(".seq, .name, .deleted"), function (t) {
        return t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > edge;
      });
    };
    var todo = Array.prototype.slice.call(cards);
    for (var round = 0; round < 8 && todo.length > 0; round++) {
      todo = todo.filter(over);
      var sizes = todo.map(function (card) { return parseFloat(window.getComputedStyle(card).fontSize); });
      todo.forEach(function (card, i) { card.style.fontSize = Math.max(7, sizes[i] * 0.9) + "px"; });
    }
  }

  /** Whether rows at this pitch are compact: the word and the caption on one line, the cards as small as the rows. */
  function compactPitch(pitch, scale) {
    return pitch < 40 * scale;
  }

  function counter(key, label, value, names, tooMany) {
    var box = el("div", "counter");
    box.setAttribute("data-counter", key);
    var v = el("div", "value" + (tooMany ? " too-many" : ""), String(value));
    if (names) {
      v.appendChild(el("span", "names", names));
    }
    box.append(el("div", "label", label), v);
    return box;
  }

  /** A soft S-curve between two points, as the window's arrows bend. */
  function curve(a, b) {
    var mx = (a[0] + b[0]) / 2;
    return "M" + a[0] + "," + a[1] + " C" + mx + "," + a[1] + " " + mx + "," + b[1] + " " + b[0] + "," + b[1];
  }

  function iconOf(state) {
    switch (styleOf(state)) {
      case "holding": return "key";
      case "waiting": return "hourglass";
      case "requesting": return "arrow";
      case "crashed": return "cross";
      default: return "dash";
    }
  }

  /** The badge icons as shapes (no font needed): key, hourglass, arrow, dash, cross, hollow key. */
  function icon(name) {
    var s = svg("svg", { viewBox: "0 0 12 12", width: 11, height: 11 });
    var white = { fill: "none", stroke: "#fff", "stroke-width": 1.6, "stroke-linecap": "round" };
    function add(tag, attrs) {
      var o = {};
      for (var k in white) { o[k] = white[k]; }
      for (var j in attrs) { o[j] = attrs[j]; }
      s.appendChild(svg(tag, o));
    }
    switch (name) {
      case "key": add("circle", { cx: 4, cy: 6, r: 2.3 }); add("path", { d: "M6.3,6 H11 M9.5,6 V8" }); break;
      case "hollow": add("circle", { cx: 4, cy: 6, r: 2.3, "stroke-dasharray": "1.5 1.2" });
        add("path", { d: "M6.3,6 H11", "stroke-dasharray": "1.5 1.2" }); break;
      case "hourglass": add("path", { d: "M3,1.5 H9 L3,10.5 H9 Z" }); break;
      case "arrow": add("path", { d: "M2,6 H10 M7,3 L10,6 L7,9" }); break;
      case "cross": add("path", { d: "M3,3 L9,9 M9,3 L3,9" }); break;
      default: add("path", { d: "M3,6 H9" });
    }
    return s;
  }

  // ---- keys: as in the window -------------------------------------------------------------------------------

  document.addEventListener("keydown", function (e) {
    if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type !== "range")) {
      return;
    }
    var handled = true;
    switch (e.key) {
      case " ": case "Spacebar": if (ui.playing) { pause(); } else { play(); } break;
      case "ArrowRight": pause(); if (e.shiftKey) { nextLine(); } else { forward(); } break;
      case "ArrowLeft": pause(); if (e.shiftKey) { previousLine(); } else { back(); } break;
      case "Home": pause(); home(); break;
      case "End": pause(); end(); break;
      case "p": case "P": projection(!document.body.classList.contains("projection")); break;
      default: handled = false;
    }
    if (handled) {
      e.preventDefault();
    }
  });

  window.addEventListener("hashchange", function () {
    readAddress();
    document.getElementById("lang").value = ui.lang;
    document.documentElement.lang = ui.lang === "zh" ? "zh-Hans" : ui.lang;
    show();
  });
  window.addEventListener("resize", function () { show(); });

  // what a test (or a curious reader) may ask of the page
  window.lockstep = {
    beat: function () { return ui.beat; },
    beats: function () { return DATA.frames.length; },
    language: function () { return ui.lang; },
    playing: function () { return ui.playing; },
    seek: seek,
    // the pure parts, for the script's own tests (src/test/js/player.test.js, run in the browser)
    parts: { t: t, identity: identity, styleOf: styleOf, word: word, caption: caption, status: status,
      lastBeatOfStep: lastBeatOfStep, useLanguage: useLanguage, titleCard: titleCard }
  };

  buildLanes();
  buildScript();
  buildEvents();
  buildTimeline();
  readAddress();
  useLanguage(ui.lang);
  window.requestAnimationFrame(animate);
}());

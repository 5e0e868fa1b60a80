/* Rummikub's draft editor: a private copy of the table the active player rearranges, checked live by
   POST {api}/check and sent as one play to {api}/actions. It lives in <dialog id="rk-editor" data-js-owned>,
   so live updates never wipe it; the draft is kept in localStorage per table and turn. Needs rummikub.js. */
(function () {
  "use strict";
  var RK = window.RK;
  if (!RK) { return; }
  var doc = document, $ = RK.$, $$ = RK.$$, tx = RK.tx;
  var seq = 0;

  var Ed = RK.editor = {
    sets: [], sel: { set: null, tile: null }, base: null, report: null, timer: null, asked: 0, busy: false,
    follow: null, filled: null,
    dlg: function () { return $("#rk-editor"); },
    key: function () { var t = RK.table(); return "rk-draft:" + t.getAttribute("data-key") + ":" + t.getAttribute("data-turn"); },
    version: function () { return parseInt(RK.table().getAttribute("data-version"), 10) || 0; },
    fromTable: function () {
      return RK.tableSets().map(function (s) {
        return { tiles: s.tiles.map(function (t) { return { t: t, id: ++seq, rack: false }; }), kind: s.kind, orig: s.tiles.join(" "), chosen: false };
      });
    },
    /* pick: the index of a table set tapped on the page, chosen in the editor at once. */
    open: function (sets, pick) {
      var d = Ed.dlg();
      if (!d) { return; }
      var saved = RK.store.get(Ed.key());
      Ed.base = Ed.version();
      Ed.sel = { set: null, tile: null };
      Ed.follow = null; Ed.filled = null;
      Ed.error("");
      if (sets) {
        Ed.sets = sets;
      } else if (saved && saved.base === Ed.base && Array.isArray(saved.sets)) {
        Ed.sets = saved.sets;
        seq = saved.seq || 1000;
        RK.say(tx("ed_restored"));
      } else {
        Ed.sets = Ed.fromTable();
      }
      if (typeof pick === "number") { Ed.choose(pick); }
      var name = RK.table().getAttribute("data-active-name");
      $("#ed-who").textContent = tx("ed_for", { name: name });
      if (!d.open) {
        if (d.showModal) { d.showModal(); } else { d.setAttribute("open", ""); }
        doc.documentElement.classList.add("modal-open");
      }
      Ed.changed();
    },
    /* The assistant's play: tiles the old table lacks are the rack's. */
    openWith: function (table) {
      var old = RK.counts(RK.tableTiles());
      Ed.open(table.map(function (s) {
        return { tiles: s.tiles.map(function (t) { var fromTable = old[t] > 0; if (fromTable) { old[t] -= 1; } return { t: t, id: ++seq, rack: !fromTable }; }), kind: s.kind, orig: null, chosen: true };
      }));
    },
    /* Choose the draft's set that is table set number pick (a restored draft may have moved it). */
    choose: function (pick) {
      var want = RK.tableSets()[pick];
      if (!want) { return; }
      var text = want.tiles.join(" "), i = Ed.sets[pick] && Ed.sets[pick].orig === text ? pick : -1;
      Ed.sets.forEach(function (s, j) { if (i < 0 && s.orig === text) { i = j; } });
      if (i < 0) { return; }
      Ed.sel.set = i; Ed.follow = Ed.sets[i];
      Ed.showColourOf(Ed.sets[i]);
    },
    /* On a phone the picker shows one colour: the colour of the run being added to. */
    showColourOf: function (s) {
      var run = s ? Ed.runShape(s) : null;
      if (run && run.colour) { RK.showColour($("#ed-picker"), run.colour); }
    },
    close: function () {
      var d = Ed.dlg();
      if (d && d.open) { if (d.close) { d.close(); } else { d.removeAttribute("open"); } }
      doc.documentElement.classList.remove("modal-open");
    },
    /* The phone of the player whose turn it is, or a phone that plays for everyone (no seat). */
    tapsSets: function () {
      var t = RK.table();
      return t.getAttribute("data-my-turn") === "1" || t.getAttribute("data-me") === "";
    },
    cancel: function () { RK.store.del(Ed.key()); Ed.sets = []; Ed.close(); },
    error: function (msg) { var e = $("#ed-error"); if (e) { e.textContent = msg; } },

    /* --- the draft ------------------------------------------------------------------------------------------ */
    all: function () { var out = []; Ed.sets.forEach(function (s) { out = out.concat(s.tiles); }); return out; },
    rackCount: function () { return Ed.all().filter(function (x) { return x.rack; }).length; },
    find: function (id) {
      for (var i = 0; i < Ed.sets.length; i++) {
        for (var j = 0; j < Ed.sets[i].tiles.length; j++) { if (Ed.sets[i].tiles[j].id === id) { return [i, j]; } }
      }
      return null;
    },
    ambiguous: function (s) {
      var reals = s.tiles.filter(function (x) { return !RK.isJoker(x.t); });
      return reals.length === 1 && s.tiles.length >= 3 && s.tiles.length <= 4;
    },
    /* Keep runs ascending (jokers filling the gaps) and groups in colour order, after a set's tiles changed. */
    arrange: function (s) {
      var reals = s.tiles.filter(function (x) { return !RK.isJoker(x.t); });
      var jokers = s.tiles.filter(function (x) { return RK.isJoker(x.t); });
      if (!reals.length) { return; }
      var colour = reals.every(function (x) { return x.t.charAt(0) === reals[0].t.charAt(0); });
      var number = reals.every(function (x) { return RK.num(x.t) === RK.num(reals[0].t); });
      var kind = Ed.ambiguous(s) && s.chosen ? s.kind : null;
      if (kind === "group" || (number && reals.length > 1)) {
        reals.sort(function (a, b) { return "bryk".indexOf(a.t.charAt(0)) - "bryk".indexOf(b.t.charAt(0)); });
        s.tiles = reals.concat(jokers);
        return;
      }
      if (!colour) { return; }
      reals.sort(function (a, b) { return RK.num(a.t) - RK.num(b.t); });
      var out = [reals[0]], left = jokers.slice();
      for (var i = 1; i < reals.length; i++) {
        for (var n = RK.num(reals[i - 1].t) + 1; n < RK.num(reals[i].t) && left.length; n++) { out.push(left.shift()); }
        out.push(reals[i]);
      }
      while (left.length) {
        var hi = RK.num(reals[reals.length - 1].t) + (out.length - out.indexOf(reals[reals.length - 1]) - 1);
        if (hi < 13) { out.push(left.shift()); } else { out.unshift(left.shift()); }
      }
      s.tiles = out;
    },
    touch: function (s) { s.kind = s.chosen ? s.kind : null; Ed.arrange(s); },
    prune: function () {
      var keep = Ed.sets.filter(function (s, i) { return s.tiles.length || i === Ed.sel.set; });
      if (Ed.sel.set !== null) { Ed.sel.set = keep.indexOf(Ed.sets[Ed.sel.set]); if (Ed.sel.set < 0) { Ed.sel.set = null; } }
      Ed.sets = keep;
    },
    /* --- faster entry: what a tapped tile can only mean, shown in the draft before anything is sent ---------- */
    reals: function (s) { return s.tiles.filter(function (x) { return !RK.isJoker(x.t); }); },
    /* The set as a run so far: one colour, no number twice (colour null: jokers only); null if it cannot be. */
    runShape: function (s) {
      var r = Ed.reals(s), colour = r.length ? r[0].t.charAt(0) : null, nums = [];
      for (var i = 0; i < r.length; i++) {
        var n = RK.num(r[i].t);
        if (r[i].t.charAt(0) !== colour || nums.indexOf(n) >= 0) { return null; }
        nums.push(n);
      }
      nums.sort(function (a, b) { return a - b; });
      return { colour: colour, nums: nums };
    },
    /* The set as a group so far: one number, no colour twice (number null: jokers only); null if it cannot be. */
    groupShape: function (s) {
      var r = Ed.reals(s), number = r.length ? RK.num(r[0].t) : null, colours = [];
      for (var i = 0; i < r.length; i++) {
        if (RK.num(r[i].t) !== number || colours.indexOf(r[i].t.charAt(0)) >= 0) { return null; }
        colours.push(r[i].t.charAt(0));
      }
      return { number: number, colours: colours };
    },
    /* Could tile t belong with this set's tiles in one valid set? */
    fits: function (s, t) {
      if (!s.tiles.length || RK.isJoker(t)) { return s.tiles.length < 13; }
      var c = t.charAt(0), n = RK.num(t), run = Ed.runShape(s), group = Ed.groupShape(s);
      var asRun = run && (run.colour === null || run.colour === c) && run.nums.indexOf(n) < 0 && s.tiles.length < 13 &&
        (!run.nums.length || Math.max(n, run.nums[run.nums.length - 1]) - Math.min(n, run.nums[0]) < 13);
      var asGroup = group && (group.number === null || group.number === n) && group.colours.indexOf(c) < 0 && s.tiles.length < 4;
      return !!(asRun || asGroup);
    },
    /* A run that already holds t: the only way t goes with it is a split there (b3…b8 + b5 → b3 b4 b5 | b5…b8). */
    splitAt: function (s, t) {
      var run = RK.isJoker(t) ? null : Ed.runShape(s);
      if (!run || run.colour !== t.charAt(0) || run.nums.length < 2) { return -1; }
      for (var i = 0; i < s.tiles.length; i++) { if (s.tiles[i].t === t) { return i; } }
      return -1;
    },
    /* The tiles between a run (no joker) and t across a gap: a run is laid by its first and last tile. */
    gapTo: function (s, t) {
      if (RK.isJoker(t) || s.tiles.some(function (x) { return RK.isJoker(x.t); })) { return []; }
      var run = Ed.runShape(s), out = [], c = t.charAt(0), n = RK.num(t), k;
      if (!run || run.colour !== c || !run.nums.length) { return []; }
      var lo = run.nums[0], hi = run.nums[run.nums.length - 1];
      for (k = hi + 1; k < n; k++) { out.push(c + k); }
      for (k = n + 1; k < lo; k++) { out.push(c + k); }
      return out;
    },
    newSet: function (at) {
      var s = { tiles: [], kind: null, orig: null, chosen: false };
      if (typeof at === "number") { Ed.sets.splice(at, 0, s); } else { Ed.sets.push(s); }
      return s;
    },
    add: function (t) {
      var rack = parseInt(RK.table().getAttribute("data-rack"), 10) || 0, room = rack - Ed.rackCount();
      if (room <= 0) { Ed.error(tx("ed_over_rack", { rack: rack })); return; }
      var s = Ed.sel.set !== null && Ed.sets[Ed.sel.set] ? Ed.sets[Ed.sel.set] : null;
      var x = { t: t, id: ++seq, rack: true };
      Ed.filled = null;
      if (s) { Ed.arrange(s); }
      var cut = s ? Ed.splitAt(s, t) : -1;
      if (cut >= 0) {
        var right = Ed.newSet(Ed.sets.indexOf(s) + 1);
        right.tiles = s.tiles.slice(cut);
        s.tiles = s.tiles.slice(0, cut).concat([x]);
        s.chosen = false;
        Ed.touch(s); Ed.touch(right);
        // the part still short of three tiles is the one the next tile is for
        if (right.tiles.length < 3 && s.tiles.length >= 3) { s = right; }
      } else {
        if (!s || !Ed.fits(s, t)) { s = Ed.newSet(); }
        var used = RK.counts(Ed.all().map(function (y) { return y.t; }));
        var gap = Ed.gapTo(s, t);
        var can = gap.length < room && gap.every(function (g) { return (used[g] || 0) < 2; });
        s.tiles.push(x);
        if (gap.length && can) {
          var ids = gap.map(function (g) { var y = { t: g, id: ++seq, rack: true }; s.tiles.push(y); return y.id; });
          Ed.filled = { ids: ids, tiles: gap };
        }
        Ed.touch(s);
      }
      Ed.sel.set = Ed.sets.indexOf(s);
      Ed.follow = s;
      Ed.sel.tile = null;
      Ed.changed();
    },
    /* Take back the tiles a run's first-and-last entry filled in (when the gap is meant for a joker). */
    unfill: function () {
      var f = Ed.filled;
      Ed.filled = null;
      if (!f) { return; }
      Ed.sets.forEach(function (s) {
        var n = s.tiles.length;
        s.tiles = s.tiles.filter(function (x) { return f.ids.indexOf(x.id) < 0; });
        if (s.tiles.length !== n) { Ed.touch(s); Ed.follow = s; }
      });
      Ed.changed();
    },
    moveTo: function (target) {
      var at = Ed.find(Ed.sel.tile);
      if (!at) { return; }
      var from = Ed.sets[at[0]], x = from.tiles.splice(at[1], 1)[0];
      if (target === "new") { Ed.newSet(); target = Ed.sets.length - 1; }
      Ed.sets[target].tiles.push(x);
      Ed.touch(from); Ed.touch(Ed.sets[target]);
      Ed.follow = Ed.sets[target]; Ed.filled = null;
      Ed.sel = { set: null, tile: null };
      Ed.prune(); Ed.changed();
    },
    tool: function (what) {
      var at = Ed.find(Ed.sel.tile);
      if (!at) { return; }
      var s = Ed.sets[at[0]], i = at[1];
      if (what === "left" && i > 0) { s.tiles.splice(i - 1, 0, s.tiles.splice(i, 1)[0]); }
      if (what === "right" && i < s.tiles.length - 1) { s.tiles.splice(i + 1, 0, s.tiles.splice(i, 1)[0]); }
      if (what === "split" && i > 0) {
        var right = Ed.newSet(at[0] + 1);
        right.tiles = s.tiles.splice(i);
        Ed.touch(s); Ed.touch(right); Ed.sel.tile = null; Ed.follow = right;
      }
      if (what === "remove" && s.tiles[i].rack) { s.tiles.splice(i, 1); Ed.touch(s); Ed.sel.tile = null; }
      if (what === "deselect") { Ed.sel.tile = null; }
      Ed.filled = null;
      Ed.prune(); Ed.changed();
    },
    join: function (a, b) {
      Ed.sets[a].tiles = Ed.sets[a].tiles.concat(Ed.sets[b].tiles);
      Ed.sets[a].chosen = false;
      Ed.touch(Ed.sets[a]);
      Ed.sets.splice(b, 1);
      Ed.sel = { set: a > b ? a - 1 : a, tile: null };
      Ed.follow = Ed.sets[Ed.sel.set]; Ed.filled = null;
      Ed.changed();
    },
    setKind: function (i, kind) { var s = Ed.sets[i]; s.kind = kind; s.chosen = true; Ed.arrange(s); Ed.changed(); },
    payload: function () {
      var map = [], out = [];
      Ed.sets.forEach(function (s, i) {
        if (!s.tiles.length) { return; }
        var tiles = s.tiles.map(function (x) { return x.t; });
        map[i] = out.length;
        var same = s.orig !== null && s.orig === tiles.join(" ");
        out.push((s.chosen && Ed.ambiguous(s)) || (same && s.kind) ? { tiles: tiles, kind: s.kind } : tiles);
      });
      return { table: out, map: map };
    },
    changed: function () {
      RK.store.set(Ed.key(), { base: Ed.base, sets: Ed.sets, seq: seq });
      Ed.report = null;
      Ed.asked += 1; // an answer still on its way is about the draft before this change: it is dropped
      Ed.render();
      window.clearTimeout(Ed.timer);
      Ed.timer = window.setTimeout(Ed.check, 150);
    },
    check: function () {
      var ask = ++Ed.asked, p = Ed.payload();
      $("#ed-summary").textContent = tx("ed_checking");
      RK.postJSON(RK.table().getAttribute("data-api") + "/check", { table: p.table }).then(function (r) {
        if (ask !== Ed.asked) { return; }
        if (r.status !== 200) { Ed.report = null; Ed.render(); $("#ed-summary").textContent = RK.errorText(r.body); return; }
        Ed.report = r.body; Ed.map = p.map; Ed.render();
      }, function () { if (ask === Ed.asked) { $("#ed-summary").textContent = tx("js_network"); } });
    },
    done: function () {
      if (!Ed.report || !Ed.report.legal || Ed.busy) { return; }
      var p = Ed.payload(), t = RK.table(), added = Ed.report.added || [];
      var active = parseInt(t.getAttribute("data-active"), 10);
      var action = { type: "play", table: p.table };
      if (!isNaN(active)) { action.player = active; }
      Ed.busy = true; Ed.render();
      RK.postJSON(t.getAttribute("data-api") + "/actions", { action: action, version: Ed.base, action_id: RK.randomId() }).then(function (r) {
        Ed.busy = false;
        if (r.status !== 200) { Ed.error(tx("refused") + ": " + RK.errorText(r.body)); Ed.render(); return; }
        if (RK.assistant && RK.assistant.seat() === String(active)) { RK.assistant.removeLaid(added); }
        RK.store.del(Ed.key()); Ed.sets = []; Ed.close(); RK.say(tx("ed_saved")); RK.refresh();
      }, function () { Ed.busy = false; Ed.error(tx("js_network")); Ed.render(); });
    },

    /* --- drawing ------------------------------------------------------------------------------------------------ */
    render: function () {
      var list = $("#ed-sets"), rep = Ed.report, selTile = Ed.find(Ed.sel.tile);
      if (!list) { return; }
      list.textContent = "";
      if (!Ed.sets.length) { var e = doc.createElement("li"); e.className = "ed-empty"; e.textContent = tx("ed_empty"); list.appendChild(e); }
      Ed.sets.forEach(function (s, i) {
        var li = doc.createElement("li"), head = doc.createElement("div"), row = doc.createElement("div");
        var info = rep && Ed.map && Ed.map[i] !== undefined ? rep.sets[Ed.map[i]] : null;
        li.className = "ed-set" + (Ed.sel.set === i ? " sel" : "") + (info && !info.valid ? " bad" : "");
        head.className = "ed-set-head"; row.className = "ed-tiles";
        var btn = doc.createElement("button");
        btn.type = "button"; btn.className = "ed-set-btn"; btn.setAttribute("data-ed-set", i);
        btn.setAttribute("aria-pressed", Ed.sel.set === i ? "true" : "false");
        btn.textContent = tx("ed_set", { n: i + 1 });
        head.appendChild(btn);
        var st = doc.createElement("span");
        st.className = "ed-status" + (info ? (info.valid ? " ok" : " bad") : "");
        if (info) { st.textContent = info.valid ? tx("ed_set_ok", { kind: tx("kind_" + info.kind), value: info.value }) : info.message; }
        head.appendChild(st);
        if (Ed.ambiguous(s)) {
          var k = doc.createElement("button"), group = (info && info.kind === "group") || s.kind === "group";
          k.type = "button"; k.className = "ed-set-btn"; k.setAttribute("data-ed-kind", i + ":" + (group ? "run" : "group"));
          k.textContent = tx(group ? "ed_as_run" : "ed_as_group");
          head.appendChild(k);
        }
        var stands = info && info.tiles.join(" ") === s.tiles.map(function (x) { return x.t; }).join(" ") ? info.stands : [];
        s.tiles.forEach(function (x, j) {
          var sel = Ed.sel.tile === x.id;
          var extra = [x.rack ? tx("ed_from_rack") : "", sel ? tx("ed_tile_sel") : ""].filter(Boolean).join(", ");
          var el = RK.tileEl(x.t, { button: true, cls: (x.rack ? "rack" : "") + (sel ? " sel" : ""), stand: stands[j], extra: extra, data: { "ed-tile": x.id } });
          el.setAttribute("aria-pressed", sel ? "true" : "false");
          row.appendChild(el);
        });
        if (selTile && selTile[0] !== i) {
          var mv = doc.createElement("button");
          mv.type = "button"; mv.className = "ed-move"; mv.setAttribute("data-ed-move", i); mv.textContent = tx("ed_move_here");
          row.appendChild(mv);
        }
        li.appendChild(head); li.appendChild(row); list.appendChild(li);
      });
      var nw = doc.createElement("li"), nb = doc.createElement("button");
      nb.type = "button"; nb.className = "btn small ghost ed-new"; nb.setAttribute("data-ed-move", "new");
      nb.textContent = tx("ed_new_set");
      nw.appendChild(nb); list.appendChild(nw);
      Ed.renderTools(selTile);
      Ed.renderSummary();
      var counts = RK.counts(Ed.all().map(function (x) { return x.t; }));
      var left = function (t) { return 2 - (counts[t] || 0); };
      RK.paintPicker($("#ed-picker"), left);
      Ed.renderQuick(selTile ? null : Ed.sets[Ed.sel.set], left);
      var done = $("[data-ed=done]", Ed.dlg());
      done.disabled = !(rep && rep.legal) || Ed.busy || Ed.base !== Ed.version();
      // Bring the set just made or changed into view, and keep it there until the check's answer is drawn (the
      // summary and the tools change height with it, and on a tablet the big picker leaves little room).
      var at = Ed.follow ? Ed.sets.indexOf(Ed.follow) : -1;
      if (at >= 0) { list.children[at].scrollIntoView({ block: "nearest" }); }
      if (at < 0 || rep) { Ed.follow = null; }
      var hint = $("#ed-hint");
      hint.textContent = selTile ? tx("ed_hint_tile", { tile: RK.label(Ed.sets[selTile[0]].tiles[selTile[1]].t) })
        : Ed.sel.set !== null ? tx("ed_hint_sel", { n: Ed.sel.set + 1 }) : tx("ed_hint");
      if (Ed.base !== Ed.version()) { hint.textContent = tx("ed_table_moved"); }
    },
    renderTools: function (at) {
      var box = $("#ed-tools");
      box.textContent = "";
      var tools = [];
      if (at) {
        var s = Ed.sets[at[0]], x = s.tiles[at[1]];
        if (at[1] > 0) { tools.push(["left", "◀ " + tx("ed_left")]); }
        if (at[1] < s.tiles.length - 1) { tools.push(["right", tx("ed_right") + " ▶"]); }
        if (at[1] > 0) { tools.push(["split", tx("ed_split")]); }
        if (x.rack) { tools.push(["remove", tx("ed_remove")]); }
        tools.push(["deselect", tx("ed_deselect")]);
        tools.forEach(function (t) { box.appendChild(Ed.btn(t[1], "data-ed-tool", t[0])); });
      } else if (Ed.filled) {
        var note = doc.createElement("span");
        note.className = "join-label"; note.textContent = tx("ed_filled", { tiles: Ed.filled.tiles.map(RK.label).join(tx("tile_sep")) });
        box.appendChild(note);
        box.appendChild(Ed.btn(tx("ed_unfill"), "data-ed-unfill", "1"));
      } else if (Ed.sel.set !== null && Ed.sets.length > 1) {
        var lab = doc.createElement("span");
        lab.className = "join-label"; lab.textContent = tx("ed_join", { n: "" }).trim();
        box.appendChild(lab);
        Ed.sets.forEach(function (o, j) {
          if (j === Ed.sel.set || !o.tiles.length) { return; }
          var b = Ed.btn(String(j + 1), "data-ed-join", j);
          b.classList.add("join"); b.setAttribute("aria-label", tx("ed_join", { n: j + 1 }));
          box.appendChild(b);
        });
      }
      box.classList.toggle("for-tile", !!at);
      box.hidden = !box.firstChild;
    },
    /* The colours a group (or a lone tile) still lacks, one tap each: no switching colours in the picker. */
    renderQuick: function (s, left) {
      var box = $("#ed-quick");
      if (!box) { return; }
      box.textContent = "";
      var group = s && Ed.reals(s).length && s.tiles.length < 4 ? Ed.groupShape(s) : null;
      var room = (parseInt(RK.table().getAttribute("data-rack"), 10) || 0) - Ed.rackCount();
      var tiles = group && room > 0 ? ["b", "r", "y", "k"].filter(function (c) {
        return group.colours.indexOf(c) < 0 && left(c + group.number) > 0;
      }).map(function (c) { return c + group.number; }) : [];
      if (tiles.length) {
        var lab = doc.createElement("span");
        lab.className = "quick-label"; lab.textContent = tx("ed_same_number", { n: group.number });
        box.appendChild(lab);
        tiles.forEach(function (t) { box.appendChild(RK.tileEl(t, { button: true, cls: "quick", data: { "ed-quick": t } })); });
      }
      box.hidden = !tiles.length;
    },
    btn: function (text, attr, value) {
      var b = doc.createElement("button");
      b.type = "button"; b.className = "btn small"; b.setAttribute(attr, value); b.textContent = text;
      return b;
    },
    renderSummary: function () {
      var box = $("#ed-summary"), rep = Ed.report, t = RK.table();
      if (!rep) { return; }
      box.textContent = "";
      function line(text, cls) { var p = doc.createElement("p"); p.textContent = text; if (cls) { p.className = cls; } box.appendChild(p); }
      line(rep.added_count ? tx("ed_rack_n", { n: rep.added_count, rack: rep.rack }) : tx("ed_nothing"), rep.added_count > rep.rack ? "bad" : "");
      if (rep.initial) {
        var min = rep.initial_min || t.getAttribute("data-min");
        var ok = (rep.initial_sum || 0) >= min;
        line(tx(ok ? "ed_initial_ok" : "ed_initial", { sum: rep.initial_sum || 0, min: min }), ok ? "ok" : "bad");
      }
      if (rep.removed && rep.removed.length) {
        line(tx("ed_missing", { tiles: rep.removed.map(RK.label).join(tx("tile_sep")) }), "bad");
      } else {
        line(tx("ed_kept"), "ok");
      }
      if (rep.goes_out) { line(tx("ed_goes_out"), "out"); }
      if (rep.legal) { line(tx("ed_legal"), "ok"); } else if (rep.error && !(rep.sets || []).some(function (s) { return !s.valid; })) {
        line(rep.message, "bad");
      }
    },
    click: function (e) {
      var g = function (sel) { return e.target.closest(sel); };
      var b;
      if ((b = g("[data-ed]"))) {
        var what = b.getAttribute("data-ed");
        if (what === "done") { Ed.done(); } else if (what === "cancel") { Ed.cancel(); } else if (what === "reset") { RK.store.del(Ed.key()); Ed.open(Ed.fromTable()); }
      } else if ((b = g("#ed-picker [data-tile]"))) {
        Ed.error(""); Ed.add(b.getAttribute("data-tile"));
      } else if ((b = g("[data-ed-quick]"))) {
        Ed.error(""); Ed.add(b.getAttribute("data-ed-quick"));
      } else if ((b = g("[data-ed-unfill]"))) {
        Ed.unfill();
      } else if ((b = g("[data-ed-tile]"))) {
        var id = parseInt(b.getAttribute("data-ed-tile"), 10), at = Ed.find(id), cur = Ed.find(Ed.sel.tile);
        if (cur && at && cur[0] !== at[0]) { Ed.moveTo(at[0]); return; }
        Ed.sel = { set: null, tile: Ed.sel.tile === id ? null : id };
        Ed.filled = null;
        Ed.render();
      } else if ((b = g("[data-ed-move]"))) {
        var to = b.getAttribute("data-ed-move");
        if (Ed.sel.tile !== null) { Ed.moveTo(to === "new" ? "new" : parseInt(to, 10)); } else if (to === "new") {
          Ed.follow = Ed.newSet(); Ed.sel.set = Ed.sets.length - 1; Ed.filled = null; Ed.render();
        }
      } else if ((b = g("[data-ed-set]"))) {
        var i = parseInt(b.getAttribute("data-ed-set"), 10);
        if (Ed.sel.tile !== null && Ed.find(Ed.sel.tile)[0] !== i) { Ed.moveTo(i); return; }
        Ed.sel = { set: Ed.sel.set === i ? null : i, tile: null };
        Ed.filled = null;
        if (Ed.sel.set !== null) { Ed.showColourOf(Ed.sets[i]); }
        Ed.prune(); Ed.render();
      } else if ((b = g("[data-ed-tool]"))) {
        Ed.tool(b.getAttribute("data-ed-tool"));
      } else if ((b = g("[data-ed-join]"))) {
        Ed.join(Ed.sel.set, parseInt(b.getAttribute("data-ed-join"), 10));
      } else if ((b = g("[data-ed-kind]"))) {
        var parts = b.getAttribute("data-ed-kind").split(":");
        Ed.setKind(parseInt(parts[0], 10), parts[1]);
      }
    },
  };

  doc.addEventListener("click", function (e) {
    if (!e.target.closest) { return; }
    var opener = e.target.closest("[data-open-editor]");
    if (opener && Ed.dlg()) { e.preventDefault(); Ed.open(); return; }
    // A set on the table, tapped by the phone whose turn it is: the editor opens with that set chosen.
    var set = e.target.closest("#table .rk-board .rk-set[data-set]");
    if (set && Ed.dlg() && Ed.tapsSets()) { Ed.open(null, parseInt(set.getAttribute("data-set"), 10)); return; }
    if (e.target.closest("#rk-editor")) { Ed.click(e); }
  });
  doc.addEventListener("cancel", function (e) { if (e.target === Ed.dlg()) { doc.documentElement.classList.remove("modal-open"); } }, true);
  doc.addEventListener("close", function (e) { if (e.target === Ed.dlg()) { doc.documentElement.classList.remove("modal-open"); } }, true);
  RK.hooks.push(function () {
    var d = Ed.dlg();
    if (d && d.open) { Ed.render(); }
    if (!d) { doc.documentElement.classList.remove("modal-open"); }
  });
})();

/* Laminate Rummy's page script: wires the publish picker (laminate-picker.js) and the "my hand" assistant
 * (laminate-assistant.js), both loaded before this file, into the frame (static/js/app.js) through
 * window.Companion: start-up and every morph of #table, clicks, changes and the picker's submit.
 * Also keeps window.LaminateCompanion = { refresh(), picker, assistant } for the console and tests.
 */
(function () {
  "use strict";

  var C = window.Companion;
  var L = window.LaminateCompanion;
  if (!C || !L || !L.picker || !L.assistant) { return; }
  var Picker = L.picker;
  var Assistant = L.assistant;

  C.onTable(function (first) {
    if (first) { Picker.init(); } else { Picker.sync(); }
    Assistant.sync();
  });

  C.onClick(function (e, target) {
    if (target.closest("[data-open-picker]")) { if (Picker.dlg()) { e.preventDefault(); Picker.open(false); } return true; }
    if (target.closest("[data-close-picker]")) { if (Picker.dlg()) { e.preventDefault(); Picker.close(); } return true; }
    if (target.closest("[data-clear-picker]")) { if (Picker.dlg()) { e.preventDefault(); Picker.clear(); } return true; }
    var use = target.closest("[data-use-hint]");
    if (use) { e.preventDefault(); Assistant.use(parseInt(use.getAttribute("data-use-hint"), 10)); return true; }
    if (target.closest("[data-clear-hand]")) { e.preventDefault(); Assistant.clear(); return true; }
    var chip = target.closest("[data-choose-paper]");
    if (chip) {
      Picker.state.paper = chip.getAttribute("data-choose-paper");
      Picker.pendingId = null;
      Picker.save();
      Picker.apply();
      Picker.clearSlots();
      Picker.render(false);
      return true;
    }
    return false;
  });

  document.addEventListener("change", function (e) {
    if (e.target instanceof Element && e.target.closest("#picker-form")) { Picker.fromInputs(); }
    if (e.target instanceof Element && e.target.hasAttribute("data-hand-card")) { Assistant.fromInputs(); }
  });

  C.onSubmit(function (e, form) {
    if (form.id === "picker-form") { Picker.submit(e); return true; }
    return false;
  });

  L.refresh = function () { return C.Live.refresh(false); };
})();

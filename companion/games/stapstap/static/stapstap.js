/* すたっぷすたっぷ: a small touch on the table page. The roll button shakes the box while the server rolls
   (the page works without this file: every control is a real form). */
(function () {
  "use strict";
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form || !form.classList || !form.classList.contains("st-roll")) { return; }
    var table = document.getElementById("table");
    if (table) { table.classList.add("st-rolling"); }
  }, true);
  document.addEventListener("htmx:afterSwap", function () {
    var table = document.getElementById("table");
    if (table) { table.classList.remove("st-rolling"); }
  });
}());

/* The start page's deck editor (templates/laminate/_deck_form.html): counts the ticked cards as they change
 * (a Seven deck has 49) and marks the count when it is off. The server checks the deck again on submit.
 * Loaded by the start page only (GameUI.option_scripts).
 */
(function () {
  "use strict";

  function update(editor) {
    var n = editor.querySelectorAll(".deck-ranks input:checked").length;
    var out = editor.querySelectorAll("[data-deck-total], [data-deck-count]");
    var total = editor.querySelector("[data-deck-total]");
    var want = total ? parseInt(total.getAttribute("data-total"), 10) : 49;
    var text = total ? total.getAttribute("data-template").replace("{n}", String(n)) : String(n);
    Array.prototype.forEach.call(out, function (el) {
      el.textContent = text;
      el.classList.toggle("off", n !== want);
    });
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-deck-editor]"), function (editor) {
      editor.addEventListener("change", function (ev) {
        if (ev.target && ev.target.type === "checkbox" && ev.target.name.slice(-6) === "-ranks") {
          var reset = editor.querySelector("input[name$='-default']");
          if (reset) { reset.checked = false; }  // editing a rank means this deck, not the server's
        }
        update(editor);
      });
      update(editor);
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();

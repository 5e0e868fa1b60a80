/* Pyramid's page script. The page works without it (every move is a real form); it adds only the table's
 * risk switch, a setting sent through the JSON API (POST {api}/settings {"risk": bool}). The new state comes
 * back to every phone through the frame's live updates.
 */
(function () {
  "use strict";

  var C = window.Companion;
  if (!C) { return; }

  C.onClick(function (e, target) {
    var button = target.closest("[data-risk-switch]");
    if (!button) { return false; }
    e.preventDefault();
    var table = C.tableEl();
    if (!table) { return true; }
    var on = button.getAttribute("data-on") === "1";
    button.disabled = true;
    C.postJSON(table.getAttribute("data-api") + "/settings", { risk: !on }).then(function (res) {
      button.disabled = false;
      if (res.status !== 200) { C.Toast.show(C.errorText(res.body)); return; }
      C.Live.refresh(false);
    }, function () {
      button.disabled = false;
      C.Toast.show(C.tx("js_network"));
    });
    return true;
  });
})();

/* Long Seat's page script. Everything on the page works without it (the number picker and Stop are plain
 * forms); it only adds the table's risk switch (LS10), which changes a table setting through the settings
 * API (POST /api/tables/{id}/settings, {"risk": true|false}) and then refreshes the table for everyone.
 */
(function () {
  "use strict";

  var C = window.Companion;
  if (!C) { return; }

  C.onSubmit(function (e, form) {
    if (!form.hasAttribute("data-risk-switch")) { return false; }
    e.preventDefault();
    var button = e.submitter || C.$("button", form);
    var on = button && button.value === "on";
    var table = C.tableEl();
    if (!table) { return true; }
    if (button) { button.disabled = true; }
    C.postJSON(table.getAttribute("data-api") + "/settings", { risk: on }).then(function (res) {
      if (res.status !== 200) { C.Toast.show(C.errorText(res.body)); }
      return C.Live.refresh(false);
    }, function () {
      C.Toast.show(C.tx("js_network"));
      if (button) { button.disabled = false; }
    });
    return true;
  });
})();

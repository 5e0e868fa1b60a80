/* "Play again", for every game: when the table this page shows gets a next table while the page is open
 * (another phone pressed "play again"; the live update brings the #play-again slot out of band), this phone
 * follows it. A page opened later on an old table stays where it is (the Plays page reopens old tables). */
(function () {
  "use strict";
  var doc = document;

  function nextOf() {
    var slot = doc.getElementById("play-again");
    return slot ? slot.getAttribute("data-next") : null;
  }

  var known = nextOf();

  function check() {
    var next = nextOf();
    if (next && next !== known) {
      known = next;
      var slot = doc.getElementById("play-again");
      if (slot) { slot.classList.add("following"); }
      window.location.assign(next);
    }
  }

  doc.addEventListener("htmx:afterSettle", check);
  doc.addEventListener("htmx:oobAfterSwap", check);
})();

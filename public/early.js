// What the reader does on a pre-rendered page before the app has started. The static page's
// buttons do nothing on their own: the app clicks its own button at the same place again once
// it takes the page over (src/ui/takeover.rs), and keeps open the sections the reader unfolded.
// `pressed` says a pointer is down: the app waits for its release before it takes over, so that
// a press on the static page and its release on the app's are not two halves of a lost click.
// A form of the static page is never submitted by the browser (that would load another page):
// its submit button's click is done again on the app's form.
(function () {
  var early = (window.atlasEarly = { clicks: [], sections: [], pressed: false });
  document.addEventListener('pointerdown', function () { early.pressed = true; }, true);
  document.addEventListener(
    'submit',
    function (event) {
      var page = document.getElementById('atlas-static');
      if (page && event.target && page.contains(event.target)) event.preventDefault();
    },
    true
  );
  ['pointerup', 'pointercancel'].forEach(function (type) {
    document.addEventListener(type, function () { early.pressed = false; }, true);
  });
  var place = function (page, selector, el) {
    return Array.prototype.indexOf.call(page.querySelectorAll(selector), el);
  };
  document.addEventListener(
    'click',
    function (event) {
      var page = document.getElementById('atlas-static');
      var target = event.target;
      if (!page || !target || !target.closest || !page.contains(target)) return;
      var button = target.closest('button');
      var summary = target.closest('summary');
      if (button) early.clicks.push(place(page, 'button', button));
      else if (summary && summary.parentElement.tagName === 'DETAILS') {
        early.sections.push(place(page, 'details', summary.parentElement));
      }
    },
    true
  );
})();

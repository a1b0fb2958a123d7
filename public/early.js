// What the reader does on a pre-rendered page before the app has started. The static page's
// buttons do nothing on their own: the app clicks its own button at the same place again once
// it takes the page over (src/ui/takeover.rs), and keeps open the sections the reader unfolded.
// `pressed` says a pointer is down: the app waits for its release before it takes over, so that
// a press on the static page and its release on the app's are not two halves of a lost click.
// A form of the static page is never submitted by the browser (that would load another page):
// its submit button's click is done again on the app's form.
//
// `fetches`: requests started here for the app to take over (src/ui/state/fetch.rs,
// `fetch_bytes_early`), by URL. A link to a plain search on the directory (`?q=…`, at most a sort
// by relevance or name: what src/search/index/shards.rs `answers` takes) is answered first from
// the search's own files (src/ui/state/first_answer.rs), whose first is `find.bin`: it starts
// now, beside the app's code, not after it. A link this reads otherwise than the app costs at
// most one small file fetched for nothing, or fetched later.
(function () {
  var early = (window.atlasEarly = { clicks: [], sections: [], pressed: false, fetches: {} });
  try {
    var base = new URL(document.baseURI);
    var params = new URLSearchParams(location.search);
    var plain = (params.get('q') || '').trim() !== '' && location.pathname === base.pathname;
    params.forEach(function (value, key) {
      if (key !== 'q' && !(key === 'sort' && (value === 'relevance' || value === 'name'))) {
        plain = false;
      }
    });
    if (plain && window.fetch) {
      var meta = document.querySelector('meta[name="atlas-data"]');
      var generation = meta ? meta.getAttribute('content') : '';
      var href = generation ? 'data/' + generation + '/find.bin' : 'data/find.bin';
      var started = fetch(new URL(href, base));
      started.catch(function () {}); // the app reports a failure, if it takes the request over
      early.fetches[href] = started;
    }
  } catch (e) {
    // Only a head start: the app fetches what it needs itself.
  }
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

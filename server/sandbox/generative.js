// Runs one generative token inside the sandboxed frame: defines the token's seed, then loads the sketch and p5.
// Parameters come from the URL: cid (the sketch in the media store), seed, var (seed variable name), lib.
/* global window, document, URLSearchParams, MutationObserver */
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var cid = params.get('cid') || '';
  var seed = params.get('seed');
  var variable = params.get('var') || 'seed';
  var library = params.get('lib') || 'p5';
  var status = document.getElementById('sandbox-status');

  // The page is opaque-origin, so '*' is the only target the parent's messages can be addressed with.
  function tell(type, detail) {
    if (window.parent !== window) window.parent.postMessage({ source: 'artbazaar-sandbox', type: type, detail: detail || null }, '*');
  }

  function fail(message) {
    document.documentElement.setAttribute('data-state', 'failed');
    status.textContent = message;
    status.hidden = false;
    tell('failed', message);
  }

  function load(src) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      script.onload = resolve;
      script.onerror = function () { reject(new Error('Could not load ' + src)); };
      document.head.appendChild(script);
    });
  }

  if (!/^[A-Za-z0-9]{10,200}$/.test(cid)) return fail('This artwork has no sketch.');
  // A plain identifier that is not already a global: never overwrite location, parent, name and the like.
  if (!/^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/.test(variable) || variable in window) return fail('Invalid seed variable name.');
  if (library !== 'p5') return fail('Unsupported sketch library: ' + library);

  // Numeric seeds as numbers (sketches do arithmetic on them); anything else as the string given.
  window[variable] = seed !== null && /^-?\d{1,16}$/.test(seed) ? Number(seed) : seed;

  // p5 listens for deviceorientation and devicemotion on window as it starts. The frame is granted no sensors
  // (no allow attribute), so Chromium logs a 'Permissions policy violation: accelerometer' error for each
  // listener. Sketches here never get sensor data anyway: those two registrations are dropped, nothing is granted.
  var addListener = window.addEventListener;
  window.addEventListener = function (type) {
    if (type === 'deviceorientation' || type === 'devicemotion' || type === 'deviceorientationabsolute') return;
    return addListener.apply(this, arguments);
  };

  // Tell the page when the sketch has drawn its canvas, so it can drop the thumbnail behind the frame.
  var observer = new MutationObserver(function () {
    if (document.querySelector('canvas')) {
      observer.disconnect();
      document.documentElement.setAttribute('data-state', 'rendered');
      tell('rendered');
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });

  // p5 first, started in global mode before the sketch exists: p5 defines its API on window as configurable
  // properties, so a sketch that declares a function of the same name (say tint) replaces it instead of making
  // p5 throw "Cannot redefine property". p5 calls the sketch's setup and draw when the page finishes loading,
  // which the sketch script, inserted before then, holds back.
  load(document.documentElement.getAttribute('data-library'))
    .then(function () {
      if (typeof window.p5 !== 'function') throw new Error('p5 did not load.');
      new window.p5();
      return load('/sandbox/sketch/' + cid);
    })
    .catch(function (error) { fail(error.message); });
  window.addEventListener('error', function (event) { tell('error', String(event.message)); });

  // The studio asks for the drawn canvas as a generative token's default thumbnail: the same frame, seed and size.
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source !== window.parent || !data || data.source !== 'artbazaar-studio' || data.type !== 'capture') return;
    var canvas = document.querySelector('canvas');
    try {
      if (!canvas) throw new Error('The sketch has not drawn yet.');
      tell('captured', canvas.toDataURL('image/png'));
    } catch (error) {
      tell('capture-failed', String(error && error.message));
    }
  });
})();

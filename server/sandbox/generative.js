// Runs one generative token inside the sandboxed frame: defines the token's seed, then loads the sketch and p5.
// Parameters come from the URL: cid (the sketch in the media store), seed, var (seed variable name), lib, and mode:
// `verify` draws the fixed frame a render check hashes (domain/generativeRender.ts) and posts its hash.
/* global window, document, URLSearchParams, MutationObserver, HTMLCanvasElement */
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var cid = params.get('cid') || '';
  var seed = params.get('seed');
  var variable = params.get('var') || 'seed';
  var library = params.get('lib') || 'p5';
  var verify = params.get('mode') === 'verify';
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

  // Verify mode (domain/generativeRender.ts): the frame is drawn at pixel density 1 on a 2D canvas asked for with
  // willReadFrequently, which Chromium keeps in software rather than on the GPU, so the pixels depend on the sketch and
  // its seed and not on the graphics card. A sketch that asks for WebGL (or WebGPU) is not verified: GPUs differ.
  var usesGpu = false;
  var verified = false;
  var VERIFY_FRAME = 1;
  if (verify) {
    try {
      Object.defineProperty(window, 'devicePixelRatio', { configurable: true, get: function () { return 1; } });
    } catch { /* a browser that refuses keeps its density: the hash then records a larger canvas */ }
    var getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, options) {
      if (type === '2d') return getContext.call(this, type, Object.assign({}, options, { willReadFrequently: true }));
      if (/^(webgl2?|experimental-webgl|webgpu)$/.test(String(type))) usesGpu = true;
      return getContext.apply(this, arguments);
    };
  }

  function hex(buffer) {
    var bytes = new Uint8Array(buffer);
    var out = '';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }

  // Hashes the sketch's canvas once, at the fixed frame, and stops the loop so nothing changes after it.
  function finishVerify(instance, frame) {
    if (verified) return;
    verified = true;
    try { instance.noLoop(); } catch { /* already stopped */ }
    var canvas = (instance._renderer && instance._renderer.canvas) || document.querySelector('canvas');
    var context = canvas && !usesGpu ? canvas.getContext('2d') : null;
    if (!context) return tell('verify', { check: 'none', reason: 'webgl' });
    if (!window.crypto || !window.crypto.subtle) return tell('verify-failed', 'This browser cannot hash the render.');
    var width = canvas.width;
    var height = canvas.height;
    var pixels;
    try {
      pixels = context.getImageData(0, 0, width, height).data;
    } catch (error) {
      return tell('verify-failed', String(error && error.message));
    }
    window.crypto.subtle.digest('SHA-256', pixels).then(
      function (digest) { tell('verify', { check: 'pixels', sha256: hex(digest), width: width, height: height, frame: frame }); },
      function (error) { tell('verify-failed', String(error && error.message)); }
    );
  }

  // The sketch's own function, reporting an error it throws (or its promise's) before the frame is hashed: p5 runs
  // setup and draw inside promises whose failures the page does not otherwise hear of.
  function guarded(name) {
    var original = window[name];
    if (typeof original !== 'function') return;
    var reported = function (error) {
      verifyFailed(String(error && error.message ? error.message : error));
      throw error;
    };
    window[name] = function () {
      var result;
      try {
        result = original.apply(this, arguments);
      } catch (error) {
        reported(error);
      }
      return result && typeof result.then === 'function' ? result.then(null, reported) : result;
    };
  }

  function registerVerify(P5) {
    P5.registerAddon(function (_p5, _fn, lifecycles) {
      lifecycles.presetup = function () { guarded('setup'); };
      // A sketch without draw() paints in setup: that is its frame (0). Otherwise the loop stops before it starts:
      // p5 then draws the first frame at once instead of on an animation frame, which a browser may hold back for a
      // frame out of sight (as the check's is).
      lifecycles.postsetup = function () {
        if (typeof window.draw !== 'function') return finishVerify(this, 0);
        guarded('draw');
        this.noLoop();
      };
      lifecycles.postdraw = function () { if (this.frameCount >= VERIFY_FRAME) finishVerify(this, this.frameCount); };
    });
  }

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
      if (verify) registerVerify(window.p5);
      new window.p5();
      return load('/sandbox/sketch/' + cid);
    })
    .catch(function (error) { fail(error.message); });
  // A sketch that throws before its frame is hashed has no render to check (p5 runs setup and draw in promises, so
  // their errors arrive as unhandled rejections).
  function verifyFailed(message) {
    if (!verify || verified) return;
    verified = true;
    tell('verify-failed', message);
  }
  window.addEventListener('error', function (event) {
    tell('error', String(event.message));
    verifyFailed(String(event.message));
  });
  window.addEventListener('unhandledrejection', function (event) {
    verifyFailed(String(event.reason && event.reason.message ? event.reason.message : event.reason));
  });

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

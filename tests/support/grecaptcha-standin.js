// A local stand-in for Google's reCAPTCHA v2 script (api.js), speaking the same page API:
// window.grecaptcha.render(container, params) / execute / reset / getResponse, and the
// ?onload=<callback>&render=explicit convention of the script URL. It draws a keyboard-operable
// "I'm not a robot" check box. Ticking it issues a token "pass-..." (the siteverify stand-in
// accepts those once). Tests steer it through window.grecaptchaStandIn:
//   expire(): the token expires (expired-callback), as Google's do after two minutes;
//   fail(): the widget reports an error (error-callback);
//   nextToken: the token the next tick issues (e.g. "fail-1" to be refused by siteverify).
(function () {
  'use strict';
  var script = document.currentScript;
  var query = new URL(script ? script.src : location.href).searchParams;
  var widgets = [];
  var counter = 0;

  function widget(id) {
    var found = widgets[id === undefined ? 0 : id];
    if (!found) throw new Error('Invalid reCAPTCHA client id: ' + id);
    return found;
  }

  function render(container, params) {
    var host = typeof container === 'string' ? document.getElementById(container) : container;
    if (!host) throw new Error('reCAPTCHA placeholder element must be an element or id');
    var id = widgets.length;
    var label = document.createElement('label');
    label.className = 'grecaptcha-standin';
    label.style.cssText =
      'display:inline-flex;align-items:center;gap:.6rem;padding:.8rem 1rem;border:1px solid #d3d3d3;border-radius:3px;background:#f9f9f9;font:14px Roboto,Arial,sans-serif;color:#000';
    var box = document.createElement('input');
    box.type = 'checkbox';
    box.style.cssText = 'width:1.4rem;height:1.4rem';
    label.appendChild(box);
    label.appendChild(document.createTextNode("I'm not a robot"));
    host.appendChild(label);
    var state = { params: params, box: box, response: '' };
    widgets.push(state);
    box.addEventListener('change', function () {
      if (!box.checked) return;
      box.disabled = true;
      setTimeout(function () {
        counter += 1;
        state.response = window.grecaptchaStandIn.nextToken || 'pass-' + Date.now() + '-' + counter;
        window.grecaptchaStandIn.nextToken = null;
        box.disabled = false;
        if (typeof params.callback === 'function') params.callback(state.response);
      }, 50);
    });
    return id;
  }

  function reset(id) {
    var state = widget(id);
    state.response = '';
    state.box.checked = false;
    state.box.disabled = false;
  }

  window.grecaptcha = {
    render: render,
    reset: reset,
    execute: function (id) {
      widget(id).box.click();
    },
    getResponse: function (id) {
      return widget(id).response;
    },
    ready: function (callback) {
      callback();
    },
  };

  window.grecaptchaStandIn = {
    nextToken: null,
    expire: function (id) {
      var state = widget(id);
      state.response = '';
      state.box.checked = false;
      var callback = state.params['expired-callback'];
      if (typeof callback === 'function') callback();
    },
    fail: function (id) {
      var state = widget(id);
      state.response = '';
      state.box.checked = false;
      var callback = state.params['error-callback'];
      if (typeof callback === 'function') callback();
    },
  };

  var onload = query.get('onload');
  if (onload && typeof window[onload] === 'function')
    setTimeout(function () {
      window[onload]();
    }, 0);
})();

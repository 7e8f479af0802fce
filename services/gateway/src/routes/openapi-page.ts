/**
 * The API reference page: plain HTML, one stylesheet inline and one same-origin script, so it
 * works under the gateway's CSP (scripts from 'self' only) without any CDN. The script reads
 * /api/v1/openapi.json and draws it; it builds DOM nodes (never innerHTML), so nothing in the
 * document can inject markup.
 */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Nashr API reference</title>
<style>
  :root {
    --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --soft: #f8fafc; --brand: #4f46e5; --brand-soft: #eef2ff;
    --get: #0369a1; --post: #15803d; --put: #b45309; --patch: #7c3aed; --delete: #b91c1c;
    font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", sans-serif;
    color: var(--ink); background: #fff;
  }
  * { box-sizing: border-box; }
  body { margin: 0; }
  code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.86em; }
  header { position: sticky; top: 0; z-index: 2; display: flex; gap: 16px; align-items: center; padding: 12px 24px;
    background: rgba(255,255,255,0.92); backdrop-filter: blur(6px); border-block-end: 1px solid var(--line); }
  header .logo { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 1.05rem; }
  header .logo span.mark { display: inline-grid; place-items: center; width: 30px; height: 30px; border-radius: 8px;
    background: var(--brand); color: #fff; font-size: 0.95rem; }
  header .version { color: var(--muted); font-size: 0.8rem; border: 1px solid var(--line); border-radius: 999px; padding: 2px 8px; }
  header input { margin-inline-start: auto; width: min(340px, 45vw); padding: 8px 12px; border: 1px solid var(--line);
    border-radius: 8px; font: inherit; }
  header input:focus { outline: 2px solid var(--brand); outline-offset: 1px; }
  header a { color: var(--brand); font-size: 0.9rem; text-decoration: none; white-space: nowrap; }
  .layout { display: grid; grid-template-columns: 280px 1fr; min-height: calc(100vh - 56px); }
  nav { border-inline-end: 1px solid var(--line); background: var(--soft); padding: 16px 12px; position: sticky; top: 56px;
    height: calc(100vh - 56px); overflow: auto; }
  nav h2 { font-size: 0.72rem; text-transform: uppercase; letter-spacing: 0.08em; color: var(--muted); margin: 16px 8px 6px; }
  nav a { display: flex; gap: 8px; align-items: baseline; padding: 5px 8px; border-radius: 6px; color: var(--ink);
    text-decoration: none; font-size: 0.82rem; overflow: hidden; }
  nav a:hover, nav a:focus-visible { background: #fff; outline: none; box-shadow: 0 0 0 1px var(--line); }
  nav a .path { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  main { padding: 24px clamp(16px, 4vw, 48px) 64px; max-width: 1080px; }
  .intro h1 { margin: 0 0 8px; font-size: 1.6rem; }
  .intro p { color: #334155; line-height: 1.6; max-width: 75ch; }
  section.tag { margin-block-start: 36px; }
  section.tag > h2 { font-size: 1.2rem; margin: 0 0 4px; text-transform: capitalize; }
  section.tag > p { margin: 0 0 14px; color: var(--muted); }
  details.op { border: 1px solid var(--line); border-radius: 10px; margin-block-end: 10px; background: #fff; }
  details.op[open] { box-shadow: 0 1px 3px rgba(15,23,42,0.06); }
  details.op > summary { list-style: none; cursor: pointer; display: flex; gap: 12px; align-items: center; padding: 10px 14px;
    flex-wrap: wrap; }
  details.op > summary::-webkit-details-marker { display: none; }
  details.op > summary:focus-visible { outline: 2px solid var(--brand); border-radius: 10px; }
  .method { display: inline-block; min-width: 64px; text-align: center; font-weight: 700; font-size: 0.72rem; letter-spacing: 0.04em;
    padding: 4px 8px; border-radius: 6px; color: #fff; }
  .method.get { background: var(--get); } .method.post { background: var(--post); } .method.put { background: var(--put); }
  .method.patch { background: var(--patch); } .method.delete { background: var(--delete); }
  .op-path { font-weight: 600; word-break: break-all; }
  .op-summary { color: #475569; font-size: 0.9rem; }
  .access { margin-inline-start: auto; font-size: 0.72rem; padding: 2px 8px; border-radius: 999px; border: 1px solid var(--line);
    color: var(--muted); white-space: nowrap; }
  .access.user { color: #1d4ed8; border-color: #bfdbfe; background: #eff6ff; }
  .access.admin { color: #9a3412; border-color: #fed7aa; background: #fff7ed; }
  .op-body { padding: 4px 16px 16px; border-block-start: 1px solid var(--line); }
  .op-body h3 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 18px 0 8px; }
  .op-body p.description { line-height: 1.6; color: #334155; }
  table.params { width: 100%; border-collapse: collapse; font-size: 0.88rem; }
  table.params th, table.params td { text-align: start; padding: 6px 8px; border-block-end: 1px solid var(--line); vertical-align: top; }
  table.params th { color: var(--muted); font-weight: 600; font-size: 0.78rem; }
  ul.props { list-style: none; margin: 0; padding-inline-start: 0; }
  ul.props ul.props { padding-inline-start: 18px; border-inline-start: 2px solid var(--line); margin-block: 6px; }
  ul.props li { padding: 5px 0; }
  .name { font-weight: 600; }
  .type { color: var(--brand); margin-inline-start: 6px; }
  .req { color: #b91c1c; font-size: 0.75rem; margin-inline-start: 6px; }
  .chip { display: inline-block; font-size: 0.74rem; color: #475569; background: var(--soft); border: 1px solid var(--line);
    border-radius: 6px; padding: 0 6px; margin-inline-start: 6px; }
  .desc { display: block; color: var(--muted); font-size: 0.85rem; margin-block-start: 2px; }
  .response { border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; margin-block-end: 8px; }
  .status { font-weight: 700; margin-inline-end: 8px; }
  .status.ok { color: var(--post); } .status.redirect { color: var(--get); } .status.error { color: var(--delete); }
  .ctype { color: var(--muted); font-size: 0.8rem; margin-inline-start: 8px; }
  .variant { margin-block: 6px; padding: 6px 10px; background: var(--soft); border-radius: 6px; }
  .variant > .label { font-size: 0.75rem; color: var(--muted); }
  .empty, .error-box { padding: 24px; border: 1px dashed var(--line); border-radius: 10px; color: var(--muted); text-align: center; }
  .error-box { color: #b91c1c; border-color: #fecaca; background: #fef2f2; }
  .loading { color: var(--muted); padding: 40px 0; }
  [hidden] { display: none !important; }
  @media (max-width: 820px) {
    .layout { grid-template-columns: 1fr; }
    nav { display: none; }
    header { position: static; flex-wrap: wrap; padding: 12px 16px; }
    header .version { display: none; }
    header a { margin-inline-start: auto; }
    header input { width: 100%; margin-inline-start: 0; order: 3; }
    .access { margin-inline-start: 0; }
  }
</style>
</head>
<body>
<header>
  <div class="logo"><span class="mark" aria-hidden="true">ن</span>Nashr API</div>
  <span class="version" id="version"></span>
  <input id="filter" type="search" placeholder="Filter by path or summary" aria-label="Filter operations">
  <a href="/api/v1/openapi.json">openapi.json</a>
</header>
<div class="layout">
  <nav id="nav" aria-label="Operations"></nav>
  <main id="main"><p class="loading">Loading the API description…</p></main>
</div>
<script src="/api/v1/docs/reference.js"></script>
</body>
</html>
`;

export const REFERENCE_SCRIPT = `'use strict';
(function () {
  var ACCESS = { public: 'Public', user: 'Signed in', admin: 'Administrator' };
  var doc;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === 'text') node.textContent = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  /** Inline code for text written between backticks in descriptions. */
  function prose(text, className) {
    var node = el('p', { class: className || 'description' });
    String(text).split('\\u0060').forEach(function (part, index) {
      node.appendChild(index % 2 ? el('code', { text: part }) : document.createTextNode(part));
    });
    return node;
  }

  function resolve(schema) {
    if (schema && schema.$ref && schema.$ref.indexOf('#/components/schemas/') === 0) {
      return doc.components.schemas[schema.$ref.slice('#/components/schemas/'.length)] || {};
    }
    return schema || {};
  }

  function variants(schema) {
    return schema.anyOf || schema.oneOf || null;
  }

  function typeLabel(raw) {
    var schema = resolve(raw);
    if (raw && raw.$ref) return raw.$ref.split('/').pop();
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (schema.enum) return 'enum';
    var options = variants(schema);
    if (options) {
      var labels = options.map(typeLabel);
      var unique = labels.filter(function (label, i) { return labels.indexOf(label) === i; });
      return unique.length <= 3 ? unique.join(' | ') : 'one of ' + unique.length;
    }
    if (Array.isArray(schema.type)) return schema.type.join(' | ');
    if (schema.type === 'array') return 'array of ' + typeLabel(schema.items || {});
    if (schema.type) return schema.type + (schema.format ? ' (' + schema.format + ')' : '');
    if (schema.properties) return 'object';
    return 'any';
  }

  function chips(schema) {
    var out = [];
    var add = function (text) { out.push(el('span', { class: 'chip', text: text })); };
    if (schema.enum) add(schema.enum.map(function (v) { return JSON.stringify(v); }).join(', '));
    if (schema.minLength !== undefined) add('min length ' + schema.minLength);
    if (schema.maxLength !== undefined) add('max length ' + schema.maxLength);
    if (schema.minimum !== undefined) add('≥ ' + schema.minimum);
    if (schema.maximum !== undefined) add('≤ ' + schema.maximum);
    if (schema.minItems !== undefined) add('min ' + schema.minItems + ' items');
    if (schema.maxItems !== undefined) add('max ' + schema.maxItems + ' items');
    // A format (date-time, email, uuid) says it better than the long pattern zod derives from it.
    if (schema.pattern && !schema.format) add('pattern ' + (schema.pattern.length > 60 ? schema.pattern.slice(0, 57) + '…' : schema.pattern));
    if (schema.default !== undefined) add('default ' + JSON.stringify(schema.default));
    return out;
  }

  /** The nested part of a property: its own fields, its items' fields, or its alternatives. */
  function detail(raw, depth) {
    var schema = resolve(raw);
    if (depth > 8) return null;
    if (schema.properties) return properties(schema, depth + 1);
    if (schema.type === 'array' && schema.items) {
      var items = resolve(schema.items);
      if (items.properties || variants(items)) return detail(items, depth);
    }
    var options = variants(schema);
    if (options) {
      var complex = options.filter(function (o) { var r = resolve(o); return r.properties || variants(r); });
      if (complex.length > 1) {
        return el('div', {}, complex.map(function (option, index) {
          return el('div', { class: 'variant' }, [el('span', { class: 'label', text: 'Option ' + (index + 1) }), detail(option, depth + 1)]);
        }));
      }
      if (complex.length === 1) return detail(complex[0], depth);
    }
    return null;
  }

  function properties(schema, depth) {
    var required = schema.required || [];
    var list = el('ul', { class: 'props' });
    Object.keys(schema.properties).forEach(function (name) {
      var raw = schema.properties[name];
      var property = resolve(raw);
      list.appendChild(el('li', {}, [
        el('code', { class: 'name', text: name }),
        el('span', { class: 'type mono', text: typeLabel(raw) }),
        required.indexOf(name) >= 0 ? el('span', { class: 'req', text: 'required' }) : null,
      ].concat(chips(property), [
        property.description ? el('span', { class: 'desc', text: property.description }) : null,
        detail(raw, depth),
      ])));
    });
    return list;
  }

  function schemaBlock(raw) {
    var schema = resolve(raw);
    if (schema.properties || variants(schema)) return detail(schema, 0) || el('p', { class: 'desc', text: typeLabel(raw) });
    return el('p', {}, [el('span', { class: 'type mono', text: typeLabel(raw) })].concat(chips(schema)));
  }

  function statusClass(status) {
    var code = Number(status);
    return code < 300 ? 'ok' : code < 400 ? 'redirect' : 'error';
  }

  function operationCard(path, method, op) {
    var body = el('div', { class: 'op-body' }, [op.description ? prose(op.description) : null]);
    if (op.parameters && op.parameters.length) {
      body.appendChild(el('h3', { text: 'Parameters' }));
      body.appendChild(el('table', { class: 'params' }, [
        el('thead', {}, [el('tr', {}, [el('th', { text: 'Name' }), el('th', { text: 'In' }), el('th', { text: 'Type' }), el('th', { text: 'Notes' })])]),
        el('tbody', {}, op.parameters.map(function (p) {
          return el('tr', {}, [
            el('td', {}, [el('code', { class: 'name', text: p.name }), p.required ? el('span', { class: 'req', text: 'required' }) : null]),
            el('td', { text: p.in }),
            el('td', {}, [el('span', { class: 'mono', text: typeLabel(p.schema) })]),
            el('td', {}, chips(resolve(p.schema)).concat([p.description ? el('span', { class: 'desc', text: p.description }) : null])),
          ]);
        })),
      ]));
    }
    if (op.requestBody) {
      var content = op.requestBody.content || {};
      var type = Object.keys(content)[0];
      body.appendChild(el('h3', { text: 'Request body' + (op.requestBody.required ? '' : ' (optional)') }));
      if (op.requestBody.description) body.appendChild(el('p', { class: 'desc', text: op.requestBody.description }));
      body.appendChild(el('div', { class: 'ctype mono', text: type }));
      body.appendChild(schemaBlock(content[type].schema));
    }
    body.appendChild(el('h3', { text: 'Responses' }));
    Object.keys(op.responses).forEach(function (status) {
      var response = op.responses[status];
      var types = Object.keys(response.content || {});
      var schema = types.length ? response.content[types[0]].schema : null;
      body.appendChild(el('div', { class: 'response' }, [
        el('span', { class: 'status ' + statusClass(status), text: status }),
        el('span', { text: response.description }),
        types.length ? el('span', { class: 'ctype mono', text: types[0] }) : null,
        schema ? schemaBlock(schema) : null,
      ]));
    });
    var access = op['x-access'] || 'public';
    var card = el('details', { class: 'op', id: op.operationId }, [
      el('summary', {}, [
        el('span', { class: 'method ' + method, text: method.toUpperCase() }),
        el('code', { class: 'op-path', text: path }),
        el('span', { class: 'op-summary', text: op.summary || '' }),
        el('span', { class: 'access ' + access, text: ACCESS[access] || access }),
      ]),
      body,
    ]);
    card.dataset.search = (method + ' ' + path + ' ' + (op.summary || '')).toLowerCase();
    return card;
  }

  function render() {
    document.getElementById('version').textContent = 'OpenAPI ' + doc.openapi + ' · v' + doc.info.version;
    var main = document.getElementById('main');
    var nav = document.getElementById('nav');
    main.textContent = '';
    nav.textContent = '';
    main.appendChild(el('div', { class: 'intro' }, [el('h1', { text: doc.info.title }), prose(doc.info.description)]));
    var byTag = {};
    Object.keys(doc.paths).forEach(function (path) {
      Object.keys(doc.paths[path]).forEach(function (method) {
        var op = doc.paths[path][method];
        var tag = (op.tags && op.tags[0]) || 'other';
        (byTag[tag] = byTag[tag] || []).push({ path: path, method: method, op: op });
      });
    });
    (doc.tags || []).forEach(function (tag) {
      var ops = byTag[tag.name] || [];
      if (!ops.length) return;
      var section = el('section', { class: 'tag', id: 'tag-' + tag.name }, [el('h2', { text: tag.name }), el('p', { text: tag.description || '' })]);
      nav.appendChild(el('h2', { text: tag.name + ' · ' + ops.length }));
      ops.forEach(function (entry) {
        var card = operationCard(entry.path, entry.method, entry.op);
        section.appendChild(card);
        var link = el('a', { href: '#' + entry.op.operationId, title: entry.method.toUpperCase() + ' ' + entry.path }, [
          el('span', { class: 'method ' + entry.method, text: entry.method.toUpperCase() }),
          el('span', { class: 'path mono', text: entry.path }),
        ]);
        link.dataset.search = card.dataset.search;
        link.addEventListener('click', function () { card.open = true; });
        nav.appendChild(link);
      });
      main.appendChild(section);
    });
    var empty = el('p', { class: 'empty', text: 'No operation matches this filter.', hidden: '' });
    main.appendChild(empty);
    var filter = document.getElementById('filter');
    filter.addEventListener('input', function () {
      var query = filter.value.trim().toLowerCase();
      var shown = 0;
      document.querySelectorAll('[data-search]').forEach(function (node) {
        var match = !query || node.dataset.search.indexOf(query) >= 0;
        node.hidden = !match;
        if (match && node.tagName === 'DETAILS') shown += 1;
      });
      document.querySelectorAll('section.tag').forEach(function (section) {
        section.hidden = !section.querySelector('details.op:not([hidden])');
      });
      empty.hidden = shown > 0;
    });
    if (location.hash) {
      var target = document.getElementById(location.hash.slice(1));
      if (target && target.tagName === 'DETAILS') { target.open = true; target.scrollIntoView(); }
    }
  }

  fetch('/api/v1/openapi.json', { credentials: 'same-origin' })
    .then(function (response) {
      if (!response.ok) throw new Error('The API description answered ' + response.status);
      return response.json();
    })
    .then(function (json) { doc = json; render(); })
    .catch(function (error) {
      var main = document.getElementById('main');
      main.textContent = '';
      main.appendChild(el('div', { class: 'error-box', text: 'The API description could not be loaded: ' + error.message }));
    });
})();
`;

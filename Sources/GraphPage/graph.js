// The graph page of Squire's `container.graph(.html)`: plain JavaScript, no library, nothing
// loaded from the network. It reads the graph Squire wrote as JSON into the page, then lets
// the reader find a component and see its neighbourhood: what it needs and what needs it,
// transitively, as columns of boxes, with its details and the problems it is part of.
//
// The address drives it too, so that a link (or a test) can open a view:
//   page.html#q=Kni          types "Kni" into the search box
//   page.html#select=Knight  selects the component named Knight (#node=12 selects by number)
//   page.html#problem=0      selects the first component the first problem involves
//   page.html#depth=3        shows three columns on each side (99: all)
// Parameters combine with `&`. Everything is drawn with DOM calls and `textContent`: no text
// of the graph is ever read as HTML.
"use strict";

const started = performance.now();
const graph = JSON.parse(document.getElementById("squire-graph").textContent);
const nodes = graph.nodes;
const problems = graph.problems;

// Who needs each node: the reverse of every node's `deps`, built once.
const dependents = nodes.map(() => []);
nodes.forEach((node, id) => {
  for (const dep of node.deps) dependents[dep.to].push({ from: id, dep });
});
// Nodes by name, and a lower-case text to search per node: its name and the types and names
// it is forwarded as.
const byName = new Map();
const haystacks = nodes.map((node, id) => {
  if (!byName.has(node.name)) byName.set(node.name, id);
  const forwards = (node.forwards || []).map((f) => f.type + " " + (f.qualifier || ""));
  return [node.name, ...forwards].join(" ").toLowerCase();
});

const $ = (id) => document.getElementById(id);
const svgNS = "http://www.w3.org/2000/svg";

/** An element with attributes and children; strings become text nodes, never markup. */
function el(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "onclick") element.addEventListener("click", value);
    else if (value !== undefined && value !== null && value !== false) {
      element.setAttribute(key, value === true ? "" : value);
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}

/** An SVG element with attributes. */
function svg(tag, attributes, ...children) {
  const element = document.createElementNS(svgNS, tag);
  for (const [key, value] of Object.entries(attributes || {})) element.setAttribute(key, value);
  for (const child of children) {
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}

/** `single`, `scoped(Request)` → the CSS class of its colour. */
function lifetimeClass(lifetime) {
  return "lifetime-" + lifetime.replace(/\(.*$/, "");
}

/** The badges of a node: lifetime, isolation, problems. */
function badges(node) {
  if (node.kind !== "component") {
    return [el("span", { class: "badge problem" }, node.kind)];
  }
  const lifetimeBadge = "badge " + lifetimeClass(node.lifetime);
  const lifetime = el("span", { class: lifetimeBadge }, "." + node.lifetime);
  const list = [lifetime];
  if (node.isolation) list.push(el("span", { class: "badge isolation" }, node.isolation));
  const count = problemsOf(node);
  if (count.problems) list.push(el("span", { class: "badge problem" }, "⚠ " + count.problems));
  if (count.warnings) list.push(el("span", { class: "badge warning" }, "! " + count.warnings));
  return list;
}

/** How many problems and warnings involve a node. */
function problemsOf(node) {
  const result = { problems: 0, warnings: 0 };
  for (const index of node.problems) {
    if (problems[index].severity === "problem") result.problems++;
    else result.warnings++;
  }
  return result;
}

/** A button that selects a node. */
function nodeLink(id, text) {
  return el("button", { class: "link", "data-node": id, onclick: () => select(id) },
    text || nodes[id].name);
}

// MARK: Search

let resultIds = [];

/** The nodes whose name (or forwarded types) contain `query`: exact names first, then names
 *  that start with it, then the rest, each group by name. Linear in the number of nodes. */
function search(query) {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const ranked = [];
  haystacks.forEach((text, id) => {
    const at = text.indexOf(q);
    if (at < 0) return;
    const name = nodes[id].name.toLowerCase();
    ranked.push({ id, rank: name === q ? 0 : name.startsWith(q) ? 1 : at < name.length ? 2 : 3 });
  });
  ranked.sort((a, b) => a.rank - b.rank || compareNames(a.id, b.id));
  return ranked.map((r) => r.id);
}

function compareNames(a, b) {
  const x = nodes[a].name, y = nodes[b].name;
  return x < y ? -1 : x > y ? 1 : a - b;
}

/** Shows the results of the search box's text (at most 50 listed, the rest counted). */
function showResults() {
  const began = performance.now();
  resultIds = search($("search").value);
  const list = $("results");
  list.replaceChildren();
  for (const id of resultIds.slice(0, 50)) {
    list.append(el("li", { "data-node": id, onclick: () => select(id) },
      el("span", { class: "name" }, nodes[id].name), ...badges(nodes[id])));
  }
  if (resultIds.length > 50) {
    list.append(el("li", { class: "note" }, `and ${resultIds.length - 50} more: type more`));
  }
  if ($("search").value.trim() && resultIds.length === 0) {
    list.append(el("li", { class: "note" }, "no component has this in its name"));
  }
  list.hidden = list.children.length === 0;
  document.body.dataset.searchMs = (performance.now() - began).toFixed(2);
  document.body.dataset.resultCount = resultIds.length;
}

$("search").addEventListener("input", showResults);
$("search").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && resultIds.length) select(resultIds[0]);
  if (event.key === "Escape") $("results").hidden = true;
});
$("search").addEventListener("focus", () => { if (resultIds.length) $("results").hidden = false; });

// MARK: Walking the graph

/** Breadth-first from `start` along `next(id)`: each node reached with its distance, nearest
 *  first, then by name. `start` itself is left out. */
function reach(start, next, limit) {
  const distance = new Map([[start, 0]]);
  const order = [];
  let frontier = [start];
  for (let level = 1; frontier.length && level <= limit; level++) {
    const following = [];
    for (const id of frontier) {
      for (const to of next(id)) {
        if (distance.has(to)) continue;
        distance.set(to, level);
        following.push(to);
      }
    }
    following.sort(compareNames);
    order.push(...following);
    frontier = following;
  }
  return order.map((id) => ({ id, distance: distance.get(id) }));
}

const needsOf = (id) => nodes[id].deps.map((dep) => dep.to);
const neededByOf = (id) => dependents[id].map((d) => d.from);

// MARK: Selection

let selected = null;

/** Selects node `id`: its picture, its details, and the address that reopens it. */
function select(id) {
  selected = id;
  $("results").hidden = true;
  const name = nodes[id].name;
  const address = byName.get(name) === id
    ? "select=" + encodeURIComponent(name) : "node=" + id;
  const depth = $("depth").value;
  const hash = "#" + address + (depth !== "2" ? "&depth=" + depth : "");
  if (location.hash !== hash) history.replaceState(null, "", hash);
  document.title = name + " · Squire graph";
  $("hint").hidden = true;
  drawPicture(id, Number(depth));
  showDetails(id);
  document.body.dataset.selected = name;
}

$("depth").addEventListener("change", () => { if (selected !== null) select(selected); });

// MARK: The picture

const BOX = { width: 166, height: 46, gapX: 36, gapY: 12, perColumn: 14 };

/** Draws the neighbourhood of `id`: what needs it in columns to the left (nearest first),
 *  what it needs to the right, `depth` columns each way. Only arrows on a path through the
 *  selected component are drawn; a column of more than `BOX.perColumn` boxes shows the first
 *  ones and counts the rest. */
function drawPicture(id, depth) {
  const column = new Map([[id, 0]]);
  for (const r of reach(id, needsOf, depth)) column.set(r.id, r.distance);
  for (const r of reach(id, neededByOf, depth)) {
    if (!column.has(r.id)) column.set(r.id, -r.distance);
  }

  // Columns in order; within a column, boxes in the order of the boxes they connect to in the
  // column nearer the selection (fewer crossings), then by name.
  const columns = new Map();
  for (const [node, c] of column) {
    if (!columns.has(c)) columns.set(c, []);
    columns.get(c).push(node);
  }
  const keys = [...columns.keys()].sort((a, b) => a - b);
  const row = new Map([[id, 0]]);
  const hidden = new Map();
  const order = [0];
  for (let c = 1; columns.has(c) || columns.has(-c); c++) order.push(c, -c);
  for (const c of order) {
    if (!columns.has(c) || c === 0) continue;
    const nearer = c > 0 ? c - 1 : c + 1;
    const links = (node) => (c > 0 ? neededByOf(node) : needsOf(node))
      .filter((other) => column.get(other) === nearer && row.has(other));
    const weight = (node) => {
      const rows = links(node).map((other) => row.get(other));
      return rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : Infinity;
    };
    const list = columns.get(c);
    const weights = new Map(list.map((node) => [node, weight(node)]));
    list.sort((a, b) => weights.get(a) - weights.get(b) || compareNames(a, b));
    if (list.length > BOX.perColumn) {
      hidden.set(c, list.length - (BOX.perColumn - 1));
      list.length = BOX.perColumn - 1;
    }
    list.forEach((node, index) => row.set(node, index));
  }

  const tallest = Math.max(...keys.map((c) => columns.get(c).length + (hidden.has(c) ? 1 : 0)));
  const height = 28 + tallest * (BOX.height + BOX.gapY);
  const width = keys.length * (BOX.width + BOX.gapX);
  const place = new Map();
  keys.forEach((c, index) => {
    const count = columns.get(c).length + (hidden.has(c) ? 1 : 0);
    const top = 28 + (tallest - count) * (BOX.height + BOX.gapY) / 2;
    columns.get(c).forEach((node, r) => {
      const x = index * (BOX.width + BOX.gapX) + 4;
      place.set(node, { x, y: top + r * (BOX.height + BOX.gapY) });
    });
  });

  const picture = svg("svg", { width: width + 8, height: height + 8, id: "neighbourhood" });
  keys.forEach((c, index) => {
    const title = c === 0 ? "selected" : c < 0 ? `needs it (${-c} away)` : `it needs (${c} away)`;
    picture.append(svg("text", {
      class: "column-title", x: index * (BOX.width + BOX.gapX) + 4 + BOX.width / 2, y: 14,
    }, title));
  });

  // Arrows: from a box to what it needs, on the side of the selection they belong to.
  for (const [from, a] of place) {
    for (const dep of nodes[from].deps) {
      const b = place.get(dep.to);
      if (!b || dep.to === from) continue;
      const cf = column.get(from), ct = column.get(dep.to);
      const onPath = (cf < 0 && ct <= 0 && ct > cf) || (cf >= 0 && ct > 0 && ct > cf);
      if (!onPath) continue;
      const x1 = a.x + BOX.width, y1 = a.y + BOX.height / 2;
      const x2 = b.x, y2 = b.y + BOX.height / 2;
      const bend = Math.max(30, (x2 - x1) / 2);
      const classes = ["edge", dep.deferred ? "deferred" : "", dep.problem ? "problem" : ""];
      picture.append(svg("path", {
        class: classes.join(" ").trim(),
        d: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`,
        "marker-end": dep.problem ? "url(#arrow-problem)" : "url(#arrow)",
      }, svg("title", {}, nodes[from].name + " → " + nodes[dep.to].name
        + (dep.label ? " (" + dep.label + ")" : ""))));
    }
  }
  picture.prepend(svg("defs", {}, arrowMarker("arrow", "#98a3ae"),
    arrowMarker("arrow-problem", "#c8102e")));

  for (const [node, p] of place) picture.append(box(node, p, node === id));
  keys.forEach((c, index) => {
    if (!hidden.has(c)) return;
    const y = 28 + (tallest - columns.get(c).length - 1) * (BOX.height + BOX.gapY) / 2
      + columns.get(c).length * (BOX.height + BOX.gapY);
    const x = index * (BOX.width + BOX.gapX) + 4;
    const more = svg("g", { class: "node more", transform: `translate(${x},${y})` },
      svg("rect", { width: BOX.width, height: BOX.height, rx: 6 }),
      svg("text", { class: "sub", x: 10, y: 27 }, `and ${hidden.get(c)} more (in the lists)`));
    picture.append(more);
  });
  $("picture").replaceChildren(picture);
  // Scrolled so that the selected component is in the middle when the picture is wider.
  const stage = $("stage");
  stage.scrollLeft = place.get(id).x + BOX.width / 2 - stage.clientWidth / 2;
}

function arrowMarker(id, colour) {
  return svg("marker", {
    id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7,
    orient: "auto-start-reverse",
  }, svg("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }));
}

/** One box: the name (shortened to fit; whole in its tooltip), the lifetime as a coloured
 *  stripe and text, isolation, and the number of problems. */
function box(id, p, isSelected) {
  const node = nodes[id];
  const count = node.kind === "component" ? problemsOf(node) : { problems: 1, warnings: 0 };
  const classes = ["node", node.kind, isSelected ? "selected" : "",
    count.problems ? "has-problem" : ""];
  const group = svg("g", {
    class: classes.join(" ").replace(/ +/g, " ").trim(), "data-node": id,
    transform: `translate(${p.x},${p.y})`,
  });
  group.addEventListener("click", () => select(id));
  group.append(svg("title", {}, node.name));
  group.append(svg("rect", { width: BOX.width, height: BOX.height, rx: 6 }));
  if (node.kind === "component") {
    group.append(svg("rect", {
      class: "stripe " + lifetimeClass(node.lifetime), width: 5, height: BOX.height - 2, x: 1, y: 1,
      rx: 2,
    }));
  }
  group.append(svg("text", { class: "title", x: 12, y: 19 }, shorten(node.name, 21)));
  const sub = node.kind === "component"
    ? "." + node.lifetime + (node.isolation ? " · " + node.isolation : "")
    : node.kind === "missing" ? "missing: nothing provides it"
    : `ambiguous: ${node.candidates} candidates`;
  group.append(svg("text", { class: "sub", x: 12, y: 36 }, shorten(sub, 25)));
  if (count.problems && node.kind === "component") {
    group.append(svg("text", { class: "warn", x: BOX.width - 8, y: 36, "text-anchor": "end" },
      "⚠ " + count.problems));
  }
  return group;
}

function shorten(text, length) {
  return text.length > length ? text.slice(0, length - 1) + "…" : text;
}

// MARK: Details

/** The details of node `id`: how it was registered, its problems, and the lists of what it
 *  needs and what needs it, directly and transitively. */
function showDetails(id) {
  const node = nodes[id];
  const panel = [
    el("h2", { class: "name", id: "selected-name" }, node.name), el("p", {}, badges(node)),
  ];
  if (node.kind === "component") {
    const where = [node.file + ":" + node.line];
    if (node.container !== null && graph.containers[node.container]) {
      where.unshift(graph.containers[node.container]);
    }
    if (node.part) where.splice(1, 0, "part " + node.part);
    panel.push(el("h3", {}, "Registered"), el("p", { id: "registered-at" }, where.join(" · ")));
    const facts = [];
    if (node.isDefault) facts.push(".default()");
    if (!node.hasFactory) facts.push("no factory: only inject(into:) uses it");
    if (node.hasCleanup) facts.push(".onClose");
    if (facts.length) panel.push(el("p", { class: "note" }, facts.join(" · ")));
    const keys = [];
    if (node.asItself) keys.push(el("li", {}, node.name));
    for (const forward of node.forwards) {
      const qualifier = forward.qualifier ? ", " + forward.qualifier : "";
      keys.push(el("li", {}, ".as(" + forward.type + qualifier + ")"));
    }
    panel.push(el("h3", {}, "Resolved as"), el("ul", { id: "keys" }, keys));
    if (node.consumers.length) {
      panel.push(el("h3", {}, "Only for"),
        el("p", {}, ".when(injectedInto: " + node.consumers.join(", ") + ")"));
    }
    if (node.decorators.length) {
      panel.push(el("h3", {}, "Decorated"), el("ul", { id: "decorators" },
        node.decorators.map((d) => el("li", {}, "as " + d.type + ", at " + d.at))));
    }
    if (node.arguments.length) {
      panel.push(el("h3", {}, "Runtime arguments"), el("p", {}, node.arguments.join(", ")));
    }
  }

  if (node.problems.length) {
    panel.push(el("h3", {}, "Problems"), el("ul", { id: "node-problems" },
      node.problems.map((index) => problemItem(index, true))));
  }

  const needs = node.deps.map((dep) => el("li", { "data-node": dep.to },
    nodeLink(dep.to), dep.label ? el("span", { class: "note" }, " " + dep.label) : null,
    dep.problem ? el("span", { class: "badge problem" }, "problem") : null));
  panel.push(el("h3", {}, `Needs (${needs.length})`), el("ul", { id: "needs" }, needs));
  const neededBy = dependents[id].map((d) => el("li", { "data-node": d.from },
    nodeLink(d.from), d.dep.label ? el("span", { class: "note" }, " " + d.dep.label) : null));
  panel.push(el("h3", {}, `Needed by (${neededBy.length})`),
    el("ul", { id: "needed-by" }, neededBy));
  panel.push(transitive("needs-all", "Needs, transitively", reach(id, needsOf, Infinity)));
  panel.push(transitive("needed-by-all", "Needed by, transitively",
    reach(id, neededByOf, Infinity)));
  $("details").replaceChildren(...panel);
}

/** A folded list of everything reached, nearest first, with its distance. */
function transitive(listId, title, reached) {
  return el("details", { open: reached.length <= 40 },
    el("summary", {}, `${title} (${reached.length})`),
    el("ul", { id: listId }, reached.map((r) => el("li",
      { "data-node": r.id, "data-distance": r.distance },
      nodeLink(r.id), el("span", { class: "note" }, " " + r.distance)))));
}

/** A problem as a list item: its title, its path with each component a link, and, in a
 *  component's details, the whole explanation. */
function problemItem(index, full) {
  const problem = problems[index];
  const path = [];
  problem.path.forEach((name, position) => {
    if (position) path.push(" → ");
    path.push(byName.has(name) ? nodeLink(byName.get(name), name) : name);
  });
  return el("li", { class: "node-problem " + problem.severity, "data-problem": index },
    el("div", { class: "problem-title" }, problem.title),
    problem.path.length > 1 ? el("div", { class: "path" }, path) : null,
    full && problem.text ? el("pre", {}, problem.text) : null);
}

/** Selects the first component a problem involves. */
function openProblem(index) {
  const first = problems[index].nodes.find((id) => nodes[id].kind === "component");
  const target = first !== undefined ? first : problems[index].nodes[0];
  if (target !== undefined) select(target);
}

// MARK: Start

function start() {
  const problemCount = problems.filter((p) => p.severity === "problem").length;
  $("summary").textContent = `${graph.components} components, ${graph.dependencies} dependencies, `
    + `${problemCount} problem${problemCount === 1 ? "" : "s"}`
    + (problems.length > problemCount ? `, ${problems.length - problemCount} warnings` : "");
  $("problem-count").textContent = `(${problems.length})`;
  $("problems").replaceChildren(...problems.map((problem, index) => el("li", {
    class: problem.severity, "data-problem": index,
  }, el("button", { class: "link problem-title", onclick: () => openProblem(index) },
    problem.title))));
  if (!problems.length) $("problems").append(el("li", { class: "note" }, "validate() found none"));
  const entries = nodes.map((_, id) => id)
    .filter((id) => nodes[id].kind === "component" && dependents[id].length === 0);
  $("entries").replaceChildren(...entries.slice(0, 200).map((id) => el("li", {}, nodeLink(id))));
  if (entries.length > 200) {
    $("entries").append(el("li", { class: "note" }, `and ${entries.length - 200} more`));
  }
  applyAddress();
  window.addEventListener("hashchange", applyAddress);
  document.body.dataset.loadMs = (performance.now() - started).toFixed(2);
  document.body.dataset.ready = "true";
}

/** Does what the address after `#` asks: search, depth, then a selection. */
function applyAddress() {
  const parameters = new URLSearchParams(location.hash.slice(1));
  if (parameters.has("depth")) $("depth").value = parameters.get("depth");
  if (parameters.has("q")) {
    $("search").value = parameters.get("q");
    $("search").dispatchEvent(new Event("input"));
  }
  if (parameters.has("select") && byName.has(parameters.get("select"))) {
    select(byName.get(parameters.get("select")));
  } else if (parameters.has("node") && nodes[Number(parameters.get("node"))]) {
    select(Number(parameters.get("node")));
  } else if (parameters.has("problem") && problems[Number(parameters.get("problem"))]) {
    openProblem(Number(parameters.get("problem")));
  }
  if (parameters.has("q")) $("results").hidden = false;
}

start();

// The graph page of Squire's `container.graph(.html)`: plain JavaScript, no library, nothing
// loaded from the network. It reads the graph Squire wrote as JSON into the page, then lets
// the reader find a component and see its neighbourhood: what it needs and what needs it,
// transitively, as columns of boxes, with its details and the problems it is part of.
//
// It never opens on an empty canvas: on the first problem validate() reports when there is one
// (its first component selected), otherwise on the overview: the whole graph when it has at
// most WHOLE components, else its modules (the first part of each `register` call's #fileID)
// as boxes with their counts and the dependencies between them; a box opens its group: its
// parts, or its components when they are few. A level where every component is in one group
// is passed through, and a group that cannot be split further is drawn with its columns cut.
//
// The address drives it too, so that a link (or a test) can open a view:
//   page.html#q=Kni          types "Kni" into the search box
//   page.html#select=Knight  selects the component named Knight (#node=12 selects by number)
//   page.html#problem=0      selects the first component the first problem involves
//   page.html#overview       the overview, even when there are problems
//   page.html#group=Castle&group=CastlePart  the overview of the module Castle's part
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

/** Selects node `id`: its picture, its details, and (unless `remember` is false: the view a
 *  page opens on keeps the address it was given) the address that reopens it. */
function select(id, remember = true) {
  selected = id;
  $("results").hidden = true;
  const name = nodes[id].name;
  const address = byName.get(name) === id
    ? "select=" + encodeURIComponent(name) : "node=" + id;
  const depth = $("depth").value;
  if (remember) rememberAddress(address + (depth !== "2" ? "&depth=" + depth : ""));
  document.title = name + " · Squire graph";
  showCrumbs(groupKeys[id], name);
  $("legend").textContent = "Left: what needs it · right: what it needs · dashed: resolved "
    + "later (Lazy, Provider, cycle: true) · red: a problem validate() reports";
  drawPicture(id, Number(depth));
  showDetails(id);
  document.body.dataset.view = "component";
  document.body.dataset.selected = name;
}

$("depth").addEventListener("change", () => { if (selected !== null) select(selected); });

/** Writes `address` after the `#`, without a step in the history. */
function rememberAddress(address) {
  if (location.hash !== "#" + address) history.replaceState(null, "", "#" + address);
}

/** The trail above the picture: the overview, the groups of `path` (each a link to its own
 *  overview), and `last`, the name of what is shown, when it is not a group. */
function showCrumbs(path, last) {
  const trail = [el("button", { class: "link", onclick: () => showOverview([]) }, "Overview")];
  path.forEach((key, level) => {
    trail.push(" › ", el("button", {
      class: "link", onclick: () => showOverview(path.slice(0, level + 1)),
    }, key));
  });
  if (last) trail.push(" › ", el("span", {}, last));
  $("crumbs").replaceChildren(...trail);
}

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

// MARK: Overview

/** The most components the overview draws one box each; a larger group is shown as its
 *  groups. */
const WHOLE = 60;
/** What the overview groups by, in order: the module of the `register` call, then its part.
 *  A component registered outside any part is in "(no part)", one whose file is not a #fileID
 *  in "(no module)"; a dependency nothing answers is in "(not registered)" at both levels. */
const LEVELS = ["module", "part"];
const groupKeys = nodes.map((node) => node.kind === "component"
  ? [node.module || "(no module)", node.part || "(no part)"]
  : ["(not registered)", "(not registered)"]);

/** Shows the overview of the group at `path` (`[]`: the whole graph; `["Castle"]`: the
 *  components registered from the module Castle; `["Castle", "GatePart"]`: those of its part
 *  GatePart): its components when there are at most `WHOLE`, else its groups one level down,
 *  passing through a level where they are all in one group. */
function showOverview(path, remember = true) {
  selected = null;
  $("results").hidden = true;
  const members = nodes.map((_, id) => id).filter((id) => inGroup(id, path));
  const shown = path.slice();
  let groups = null;
  if (members.length > WHOLE) {
    for (let level = shown.length; level < LEVELS.length && !groups; level++) {
      const byKey = new Map();
      for (const id of members) {
        const key = groupKeys[id][level];
        if (!byKey.has(key)) byKey.set(key, []);
        byKey.get(key).push(id);
      }
      if (byKey.size > 1) groups = byKey;
      else shown.push(byKey.keys().next().value);
    }
  }
  if (remember) {
    rememberAddress(path.length
      ? path.map((key) => "group=" + encodeURIComponent(key)).join("&") : "overview");
  }
  document.title = (path.length ? path[path.length - 1] + " · " : "") + "Squire graph";
  showCrumbs(shown);
  if (groups) {
    drawGroups(shown, groups);
    $("legend").textContent = `The ${LEVELS[shown.length]}s of `
      + (path.length ? "this group" : "the graph")
      + ", with how many components each registers · an arrow: what one needs of another, "
      + "with how many dependencies · a box opens its group";
  } else {
    drawWhole(shown, members, members.length > WHOLE);
    $("legend").textContent = (path.length ? "Every component of this group" : "The whole graph")
      + (members.length > WHOLE ? `, each column cut at ${BOX.perColumn} boxes` : "")
      + " · left: what needs it · right: what it needs · dashed: resolved later · red: a "
      + "problem validate() reports · a box selects its component";
  }
  showOverviewDetails(shown, members, groups);
  $("stage").scrollLeft = 0;
  $("stage").scrollTop = 0;
  document.body.dataset.view = "overview";
  delete document.body.dataset.selected;
}

/** Draws the groups of the overview at `path`: a box each with how many components it has and
 *  how many problems involve them, an arrow from a group to each group it needs, with the
 *  number of dependencies it stands for. */
function drawGroups(path, groups) {
  const keys = [...groups.keys()].sort();
  const index = new Map(keys.map((key, i) => [key, i]));
  const level = path.length;
  const arrows = keys.map(() => new Map());
  keys.forEach((key, from) => {
    for (const id of groups.get(key)) {
      for (const dep of nodes[id].deps) {
        if (!inGroup(dep.to, path)) continue;
        const to = index.get(groupKeys[dep.to][level]);
        if (to !== from) arrows[from].set(to, (arrows[from].get(to) || 0) + 1);
      }
    }
  });
  showPicture(path, layered({
    count: keys.length,
    name: (i) => keys[i],
    box: (i, p) => groupBox(path, keys[i], groups.get(keys[i]), p),
    arrows: (from) => [...arrows[from]].map(([to, number]) => ({
      to, "data-from-group": keys[from], "data-to-group": keys[to], "data-count": number,
      title: `${keys[from]} → ${keys[to]}: ${count(number, "dependency")}`,
      label: String(number),
    })),
    rows: BOX.perColumn,
  }));
}

/** Shows `picture`, the overview of the group at `path`, scaled down to the stage's width (to
 *  60 % at least: a wider one scrolls). */
function showPicture(path, picture) {
  picture.dataset.path = JSON.stringify(path);
  $("picture").replaceChildren(picture);
  const width = Number(picture.getAttribute("width"));
  const height = Number(picture.getAttribute("height"));
  const scale = Math.max(0.6, Math.min(1, ($("stage").clientWidth - 24) / width));
  picture.setAttribute("viewBox", `0 0 ${width} ${height}`);
  picture.setAttribute("width", Math.round(width * scale));
  picture.setAttribute("height", Math.round(height * scale));
}

/** Whether node `id` is in the group at `path`. */
function inGroup(id, path) {
  return path.every((key, level) => groupKeys[id][level] === key);
}

/** `1 component`, `2 components`; `dependency` → `dependencies`. */
function count(number, noun) {
  const plural = noun.endsWith("y") ? noun.slice(0, -1) + "ies" : noun + "s";
  return `${number.toLocaleString("en")} ${number === 1 ? noun : plural}`;
}

/** The problems (not warnings) that involve any of `members`, by index. */
function problemsAmong(members) {
  const involved = new Set();
  for (const id of members) {
    for (const index of nodes[id].problems) {
      if (problems[index].severity === "problem") involved.add(index);
    }
  }
  return involved;
}

/** The box of a group: its name, its number of components, how many problems involve them. */
function groupBox(path, key, members, p) {
  const involved = problemsAmong(members).size;
  const group = svg("g", {
    class: "group" + (involved ? " has-problem" : ""), "data-group": key,
    "data-count": members.length, transform: `translate(${p.x},${p.y})`,
  });
  group.addEventListener("click", () => showOverview([...path, key]));
  group.append(svg("title", {}, key));
  group.append(svg("rect", { width: BOX.width, height: BOX.height, rx: 6 }));
  group.append(svg("text", { class: "title", x: 10, y: 19 }, shorten(key, 21)));
  const components = members.filter((id) => nodes[id].kind === "component").length;
  group.append(svg("text", { class: "sub", x: 10, y: 36 }, components
    ? count(components, "component") : count(members.length, "unanswered dependency")));
  if (involved) {
    group.append(svg("text", { class: "warn", x: BOX.width - 8, y: 36, "text-anchor": "end" },
      "⚠ " + involved));
  }
  return group;
}

/** Draws every node of `members` and the dependencies between them; with `cut`, each column
 *  shows its first boxes and counts the rest, else a tall column wraps. */
function drawWhole(path, members, cut) {
  const local = new Map(members.map((id, i) => [id, i]));
  const inside = (id) => nodes[id].deps.filter((dep) => local.has(dep.to) && dep.to !== id);
  showPicture(path, layered({
    count: members.length,
    name: (i) => nodes[members[i]].name,
    box: (i, p) => box(members[i], p, false),
    arrows: (i) => inside(members[i]).map((dep) => ({
      to: local.get(dep.to), deferred: dep.deferred, problem: dep.problem,
      "data-from": members[i], "data-to": dep.to,
      title: nodes[members[i]].name + " → " + nodes[dep.to].name
        + (dep.label ? " (" + dep.label + ")" : ""),
    })),
    rows: cut ? BOX.perColumn : 12,
    cut,
  }));
}

/** The overview's details: the group, its numbers of components, problems and lifetimes, and a
 *  link to each of its groups or components (the picture's boxes, as a list). */
function showOverviewDetails(path, members, groups) {
  const components = members.filter((id) => nodes[id].kind === "component");
  const involved = problemsAmong(members).size;
  const lifetimes = new Map();
  for (const id of components) {
    const lifetime = nodes[id].lifetime.replace(/\(.*$/, "");
    lifetimes.set(lifetime, (lifetimes.get(lifetime) || 0) + 1);
  }
  const panel = [
    el("h2", { class: "name" }, path.length ? path[path.length - 1] : "Overview"),
    el("p", {}, count(components.length, "component")
      + (involved ? ", " + count(involved, "problem") : "")),
    el("p", { id: "overview-lifetimes" }, [...lifetimes].sort((a, b) => b[1] - a[1])
      .flatMap(([lifetime, number]) => [
        el("span", { class: "badge " + lifetimeClass(lifetime) }, "." + lifetime), ` ${number} `,
      ])),
  ];
  if (groups) {
    const keys = [...groups.keys()].sort();
    const level = LEVELS[path.length];
    panel.push(el("h3", {}, `${level[0].toUpperCase() + level.slice(1)}s (${keys.length})`),
      el("ul", { id: "overview-groups" }, keys.map((key) => el("li", {},
        el("button", { class: "link", onclick: () => showOverview([...path, key]) }, key),
        el("span", { class: "note" }, " " + groups.get(key).length)))));
  } else {
    const sorted = members.slice().sort(compareNames);
    panel.push(el("h3", {}, `Components (${sorted.length})`),
      el("ul", { id: "overview-components" }, sorted.map((id) => el("li", {}, nodeLink(id)))));
  }
  $("details").replaceChildren(...panel);
}

// MARK: Layered pictures

/** The column of each of `total` items for a picture read from left to right: every item right
 *  of each item with an arrow to it, as far left as that allows. `arrows(i)` lists the arrows
 *  from `i` (`to`, `deferred`). An arrow that closes a loop is left out: when only items in
 *  loops are left, one whose remaining arrows in are all deferred (the loop's break point) is
 *  placed as if nothing pointed to it, else the first in order. Linear in items and arrows. */
function columnsOf(total, arrows) {
  const incoming = new Array(total).fill(0);
  const firm = new Array(total).fill(0);
  for (let i = 0; i < total; i++) {
    for (const arrow of arrows(i)) {
      if (arrow.to === i) continue;
      incoming[arrow.to]++;
      if (!arrow.deferred) firm[arrow.to]++;
    }
  }
  const column = new Array(total).fill(0);
  const done = new Array(total).fill(false);
  const queue = [], breaks = [];
  for (let i = 0; i < total; i++) {
    if (!incoming[i]) queue.push(i);
    else if (!firm[i]) breaks.push(i);
  }
  let head = 0, nextBreak = 0, placed = 0, scan = 0;
  while (placed < total) {
    if (head === queue.length) {
      while (nextBreak < breaks.length && done[breaks[nextBreak]]) nextBreak++;
      if (nextBreak < breaks.length) queue.push(breaks[nextBreak++]);
      else {
        while (done[scan]) scan++;
        queue.push(scan);
      }
    }
    const i = queue[head++];
    if (done[i]) continue;
    done[i] = true;
    placed++;
    for (const arrow of arrows(i)) {
      const j = arrow.to;
      if (j === i || done[j]) continue;
      column[j] = Math.max(column[j], column[i] + 1);
      if (--incoming[j] === 0) queue.push(j);
      else if (!arrow.deferred && --firm[j] === 0) breaks.push(j);
    }
  }
  return column;
}

/** A picture of `options.count` items in columns (`columnsOf` with `options.arrows`), each
 *  column in the order of the items that point to it from the columns before (fewer
 *  crossings), then by `options.name`. A column of more than `options.rows` items wraps into
 *  several side by side, or, with `options.cut`, shows its first ones and counts the rest.
 *  `options.box(i, place)` draws an item; `options.arrows(i)` lists its arrows: `to`,
 *  `deferred`, `problem`, `title` (the tooltip), `label` (a text at the middle) and attributes
 *  for the arrow's path. */
function layered(options) {
  const { count: total, name, rows, cut } = options;
  const arrows = Array.from({ length: total }, (_, i) => options.arrows(i));
  const column = columnsOf(total, (i) => arrows[i]);
  const columns = [];
  for (let i = 0; i < total; i++) (columns[column[i]] = columns[column[i]] || []).push(i);
  const before = Array.from({ length: total }, () => []);
  for (let i = 0; i < total; i++) {
    for (const { to } of arrows[i]) if (column[to] > column[i]) before[to].push(i);
  }
  const row = new Array(total).fill(0);
  const byName = (a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a - b);
  const hidden = [];
  columns.forEach((list, c) => {
    const weight = new Map(list.map((i) => [i, before[i].length
      ? before[i].reduce((sum, j) => sum + row[j], 0) / before[i].length : Infinity]));
    list.sort((a, b) => weight.get(a) - weight.get(b) || byName(a, b));
    if (cut && list.length > rows) {
      hidden[c] = list.length - (rows - 1);
      list.length = rows - 1;
    }
    list.forEach((i, r) => { row[i] = r; });
  });

  // Each column takes ceil(n / rows) places side by side, its items top to bottom.
  const step = { x: BOX.width + BOX.gapX, y: BOX.height + BOX.gapY };
  const slots = [];
  let x = 4, tallest = 0;
  columns.forEach((list, c) => {
    const shown = list.length + (hidden[c] ? 1 : 0);
    const wide = Math.ceil(shown / rows);
    const high = Math.ceil(shown / wide);
    tallest = Math.max(tallest, high);
    slots.push({ c, x, high, shown });
    x += wide * step.x;
  });
  const top = (high, r) => 10 + ((tallest - high) / 2 + r) * step.y;
  const place = new Map();
  for (const slot of slots) {
    columns[slot.c].forEach((i, r) => place.set(i, {
      x: slot.x + Math.floor(r / slot.high) * step.x, y: top(slot.high, r % slot.high),
    }));
  }

  const picture = svg("svg", { width: x, height: 18 + tallest * step.y, id: "overview" });
  picture.append(svg("defs", {}, arrowMarker("arrow", "#98a3ae"),
    arrowMarker("arrow-problem", "#c8102e")));
  for (let from = 0; from < total; from++) {
    for (const arrow of arrows[from]) {
      const a = place.get(from), b = place.get(arrow.to);
      if (a && b) picture.append(arrowPath(a, b, arrow));
    }
  }
  for (const [i, p] of place) picture.append(options.box(i, p));
  for (const slot of slots) {
    if (!hidden[slot.c]) continue;
    picture.append(svg("g", {
      class: "more", transform: `translate(${slot.x},${top(slot.high, slot.shown - 1)})`,
    }, svg("rect", { width: BOX.width, height: BOX.height, rx: 6 }),
    svg("text", { class: "sub", x: 10, y: 27 }, `and ${hidden[slot.c]} more (in the list)`)));
  }
  return picture;
}

/** An arrow from the box at `a` to the box at `b`: dashed when `deferred`, red for a
 *  `problem`, with `title` as its tooltip, `label` at its middle, and the rest of `arrow`'s
 *  `data-` fields on its path. It leaves a box on the side it goes to: an arrow back to the
 *  left (one that closes a loop) from the left side, one within a column loops on the right. */
function arrowPath(a, b, arrow) {
  const y1 = a.y + BOX.height / 2, y2 = b.y + BOX.height / 2;
  let x1 = a.x + BOX.width, x2 = b.x, out = 1, back = -1;
  if (b.x < a.x) [x1, x2, out, back] = [a.x, b.x + BOX.width, -1, 1];
  else if (b.x === a.x) [x2, back] = [b.x + BOX.width, 1];
  const bend = Math.max(30, Math.abs(x2 - x1) / 2);
  const classes = ["edge", arrow.deferred ? "deferred" : "", arrow.problem ? "problem" : ""];
  const attributes = {
    class: classes.join(" ").trim(),
    d: `M${x1},${y1} C${x1 + out * bend},${y1} ${x2 + back * bend},${y2} ${x2},${y2}`,
    "marker-end": arrow.problem ? "url(#arrow-problem)" : "url(#arrow)",
  };
  for (const key of Object.keys(arrow)) if (key.startsWith("data-")) attributes[key] = arrow[key];
  const path = svg("path", attributes, svg("title", {}, arrow.title || ""));
  if (!arrow.label) return path;
  return svg("g", {}, path, svg("text", {
    class: "count", x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 4, "text-anchor": "middle",
  }, arrow.label));
}

// MARK: Details

/** The details of node `id`: how it was registered, its problems, and the lists of what it
 *  needs and what needs it, directly and transitively. */
function showDetails(id) {
  const node = nodes[id];
  const panel = [
    el("h2", { class: "name", id: "selected-name" }, node.name), el("p", {}, badges(node)),
  ];
  // Problems first: what to fix is in view without scrolling.
  if (node.problems.length) {
    panel.push(el("h3", {}, "Problems"), el("ul", { id: "node-problems" },
      node.problems.map((index) => problemItem(index, true))));
  }
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
 *  component's details, the whole explanation, a line each (why, fix, close matches), the fix
 *  marked; every line wraps, however long its words. */
function problemItem(index, full) {
  const problem = problems[index];
  const path = [];
  problem.path.forEach((name, position) => {
    if (position) path.push(" → ");
    path.push(byName.has(name) ? nodeLink(byName.get(name), name) : name);
  });
  // The text's own path line says what the links above say.
  const lines = full && problem.text ? problem.text.split("\n")
    .filter((line) => !(problem.path.length > 1 && line.startsWith("  path: "))) : [];
  return el("li", { class: "node-problem " + problem.severity, "data-problem": index },
    el("div", { class: "problem-title" }, problem.title),
    problem.path.length > 1 ? el("div", { class: "path" }, path) : null,
    lines.length ? el("div", { class: "problem-text" }, lines.map(problemLine)) : null);
}

/** A line of a problem's explanation, without its indent; `why:` and `fix:` in bold. */
function problemLine(line) {
  const text = line.replace(/^ {2}/, "");
  const label = /^(why|fix):/.exec(text);
  if (!label) return el("div", {}, text);
  return el("div", { class: label[1] }, el("strong", {}, label[0]), text.slice(label[0].length));
}

/** Selects the first component a problem involves, the problem in view in its details. */
function openProblem(index, remember = true) {
  const first = problems[index].nodes.find((id) => nodes[id].kind === "component");
  const target = first !== undefined ? first : problems[index].nodes[0];
  if (target === undefined) return;
  select(target, remember);
  const item = $("details").querySelector(`#node-problems [data-problem="${index}"]`);
  if (item) {
    item.classList.add("current");
    item.scrollIntoView({ block: "nearest" });
  }
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
  $("overview-button").addEventListener("click", () => showOverview([]));
  document.body.dataset.loadMs = (performance.now() - started).toFixed(2);
  document.body.dataset.ready = "true";
}

/** Does what the address after `#` asks: search, depth, then a view. An address that names no
 *  view (none at all, or only a search) opens on the first problem, or on the overview when
 *  validate() reports none (warnings are listed, not opened). */
function applyAddress() {
  const parameters = new URLSearchParams(location.hash.slice(1));
  if (parameters.has("depth")) $("depth").value = parameters.get("depth");
  if (parameters.has("q")) {
    $("search").value = parameters.get("q");
    $("search").dispatchEvent(new Event("input"));
  }
  const firstProblem = problems.findIndex((problem) => problem.severity === "problem");
  if (parameters.has("select") && byName.has(parameters.get("select"))) {
    select(byName.get(parameters.get("select")));
  } else if (parameters.has("node") && nodes[Number(parameters.get("node"))]) {
    select(Number(parameters.get("node")));
  } else if (parameters.has("problem") && problems[Number(parameters.get("problem"))]) {
    openProblem(Number(parameters.get("problem")));
  } else if (parameters.has("group")) {
    showOverview(parameters.getAll("group"));
  } else if (parameters.has("overview")) {
    showOverview([]);
  } else if (firstProblem < 0) {
    showOverview([], false);
  } else {
    openProblem(firstProblem, false);
  }
  if (parameters.has("q")) $("results").hidden = false;
}

start();

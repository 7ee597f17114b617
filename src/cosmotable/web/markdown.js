// A small Markdown renderer for the rules pages that builds DOM nodes directly: text is never parsed as
// HTML, so a rules file cannot inject markup or scripts. It covers what our rules texts use: headings,
// paragraphs, lists (nested by indentation), block quotes, fenced code, tables, rules, and inline
// emphasis, code and links (http(s) and in-page links only).
import { el } from "./dom.js";

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*|__[^_]+__)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/;

export function inline(text) {
  const nodes = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const token = match[0];
    if (match[1]) nodes.push(el("code", {}, token.slice(1, -1)));
    else if (match[2]) nodes.push(el("strong", {}, inline(token.slice(2, -2))));
    else if (match[3]) nodes.push(el("em", {}, inline(token.slice(1, -1))));
    else {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token);
      nodes.push(safeHref(href) ? el("a", { href, rel: "noopener noreferrer" }, inline(label)) : inline(label));
    }
    rest = rest.slice(match.index + token.length);
  }
  return nodes;
}

function safeHref(href) {
  return /^(https?:\/\/|#)/i.test(href);
}

function tableRow(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((cell) => cell.trim());
}

function indentOf(line) {
  return line.match(/^\s*/)[0].replace(/\t/g, "    ").length;
}

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const BLOCK_START = /^\s*(#|>|\||```)/;

function parseList(lines, start) {
  const first = LIST_ITEM.exec(lines[start]);
  const baseIndent = indentOf(lines[start]);
  const ordered = /\d/.test(first[2]);
  const list = el(ordered ? "ol" : "ul");
  // a list that starts at 3 shows 3 (Kosmodrom's turn: "3) Draw ..." was drawn as item 1)
  const number = Number.parseInt(first[2], 10);
  if (ordered && number !== 1) list.setAttribute("start", String(number));
  let i = start;
  let item = null;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      // a blank line ends the list unless the next line continues it
      if (i + 1 < lines.length && LIST_ITEM.test(lines[i + 1]) && indentOf(lines[i + 1]) >= baseIndent) {
        i += 1;
        continue;
      }
      break;
    }
    const match = LIST_ITEM.exec(line);
    const indent = indentOf(line);
    if (match && indent === baseIndent) {
      item = el("li", {}, inline(match[3]));
      list.append(item);
      i += 1;
    } else if (match && indent > baseIndent && item) {
      const [nested, next] = parseList(lines, i);
      item.append(nested);
      i = next;
    } else if (!match && item && (indent > baseIndent || !BLOCK_START.test(line))) {
      // a wrapped item's next line, indented or not (Markdown's lazy continuation): the item
      // goes on instead of the list ending mid-sentence
      item.append(" ", ...inline(line.trim()));
      i += 1;
    } else break;
  }
  return [list, i];
}

export function renderMarkdown(source) {
  const lines = String(source || "").replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const fence = /^\s*```/.exec(line);
    if (fence) {
      const body = [];
      i += 1;
      while (i < lines.length && !/^\s*```/.test(lines[i])) body.push(lines[i++]);
      i += 1;
      out.push(el("pre", {}, el("code", {}, body.join("\n"))));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      // the page's own title is the h1, so the text's headings start one level down
      const level = Math.min(heading[1].length + 1, 6);
      out.push(el(`h${level}`, {}, inline(heading[2])));
      i += 1;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push(el("hr"));
      i += 1;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const body = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) body.push(lines[i++].replace(/^\s*>\s?/, ""));
      out.push(el("blockquote", {}, renderMarkdown(body.join("\n"))));
      continue;
    }
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      const head = tableRow(line);
      i += 2;
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(tableRow(lines[i++]));
      out.push(
        el(
          "div",
          { class: "table-scroll" },
          el(
            "table",
            {},
            el("thead", {}, el("tr", {}, head.map((cell) => el("th", { scope: "col" }, inline(cell))))),
            el("tbody", {}, rows.map((row) => el("tr", {}, row.map((cell) => el("td", {}, inline(cell)))))),
          ),
        ),
      );
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const [list, next] = parseList(lines, i);
      out.push(list);
      i = next;
      continue;
    }
    const paragraph = [];
    while (
      i < lines.length &&
      lines[i].trim() &&
      !/^(#{1,6})\s/.test(lines[i]) &&
      !/^\s*```/.test(lines[i]) &&
      !/^\s*>/.test(lines[i]) &&
      !LIST_ITEM.test(lines[i])
    ) {
      paragraph.push(lines[i++].trim());
    }
    out.push(el("p", {}, inline(paragraph.join(" "))));
  }
  return out;
}

"""The page tool's DOM side: one pass over the flattened DOM that yields scan rows (sites/page/scan_format.py),
accessible names per accname 1.2, roles, visibility, uids that never lie, and the actions.

Uids: every emitted element gets `u<n>` from a WeakMap; the uid table keeps a WeakRef and the
element's fingerprint (role + name) and the route it was issued on. A uid resolves only while its
element is connected, keeps its fingerprint, and the route (path, query, `#/` or `#!` hash) is the
same; otherwise `stale_uid`. Numbers never repeat within a tab: the worker passes a floor.
"""

_API = None


def _build():
    __pragma__('js', '{}', r'''
    const SKIP = new Set(['SCRIPT','STYLE','NOSCRIPT','TEMPLATE','HEAD','META','LINK','TITLE','BASE','PARAM','SOURCE',
        'TRACK','DATALIST','OPTION','OPTGROUP']);
    const BLOCKS = new Set(['P','DIV','LI','TD','TH','DD','DT','BLOCKQUOTE','PRE','FIGCAPTION','SECTION','ARTICLE',
        'ADDRESS','CAPTION','BODY','MAIN','ASIDE','HEADER','FOOTER','NAV','FORM','FIELDSET','TABLE','TR','UL','OL','DL',
        'FIGURE','DETAILS','CENTER','DIALOG','SEARCH','LEGEND']);
    const SENTENCE = new Set(['P','LI','TD','TH','DD','DT','BLOCKQUOTE','FIGCAPTION','CAPTION','ADDRESS','PRE']);
    const FROM_CONTENT = new Set(['button','cell','checkbox','columnheader','comment','gridcell','heading','link',
        'menuitem','menuitemcheckbox','menuitemradio','option','radio','row','rowheader','sectionhead','switch','tab',
        'tooltip','treeitem']);
    // containers that never give their content to an ancestor's name (Chromium: no name from contents;
    // TABLE is left out: Chromium tells layout tables, which do give theirs, from data tables)
    const NO_CONTENT = new Set(['alert','alertdialog','application','article','banner','blockquote','complementary',
        'contentinfo','dialog','document','feed','figure','form','grid','group','listbox','log','main','marquee',
        'menu','menubar','meter','navigation','note','progressbar','radiogroup','search','searchbox','slider',
        'spinbutton','status','tablist','tabpanel','term','textbox','timer','toolbar','tree','treegrid']);
    const NAME_PROHIBITED = new Set(['caption','code','deletion','emphasis','generic','insertion','paragraph',
        'presentation','none','strong','subscript','superscript','mark','time']);
    const ROLES = new Set(['alert','alertdialog','application','article','banner','blockquote','button','caption','cell',
        'checkbox','code','columnheader','combobox','comment','complementary','contentinfo','definition','deletion',
        'dialog','directory','document','emphasis','feed','figure','form','generic','grid','gridcell','group','heading',
        'img','image','insertion','link','list','listbox','listitem','log','main','mark','marquee','math','menu','menubar',
        'menuitem','menuitemcheckbox','menuitemradio','meter','navigation','none','note','option','paragraph',
        'presentation','progressbar','radio','radiogroup','region','row','rowgroup','rowheader','scrollbar','search',
        'searchbox','sectionhead','separator','slider','spinbutton','status','strong','subscript','suggestion',
        'superscript','switch','tab','table','tablist','tabpanel','term','textbox','time','timer','toolbar','tooltip',
        'tree','treegrid','treeitem']);
    const CODE = {link: 'L', button: 'B', textbox: 'T', searchbox: 'T', spinbutton: 'T', combobox: 'S', listbox: 'S',
        checkbox: 'C', 'switch': 'C', menuitemcheckbox: 'M', radio: 'R', menuitemradio: 'M', menuitem: 'M', tab: 'TB',
        option: 'O', slider: 'SL', treeitem: 'O'};
    const ITEMS = new Set(['menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'treeitem', 'option']);
    const SECTION = {main: 'main', navigation: 'nav', banner: 'header', contentinfo: 'footer', complementary: 'aside',
        search: 'search', form: 'form', dialog: 'dialog', alertdialog: 'dialog', region: 'region'};
    const TEXT_INPUTS = new Set(['text','email','tel','url','search','password','number','']);
    const VIS_PROP = {visibilityProperty: true};
    const RANGE_ROLES = new Set(['slider','spinbutton','progressbar','scrollbar','meter']);
    const SVG_NS = 'http://www.w3.org/2000/svg';

    let uidOf = new WeakMap();
    const table = new Map();       // n -> {ref, fp, route}
    let counter = 0;
    let route = null;
    let hasBase = true;
    let origin = '';
    let docBase = '';              // the document URL without its fragment
    const hrefs = new Map();       // raw href -> resolved, for docBase (cleared when it changes)
    let docDir = '';               // ... up to the last '/' of its path
    // path, ?query, #fragment made only of characters the URL parser keeps as they are
    const PLAIN_REF = /^([A-Za-z0-9_\-.~!$&'()*+,;=:@\/%]*)(\?[A-Za-z0-9_\-.~!$&()*+,;=:@\/%?]*)?(#[A-Za-z0-9_\-.~!$&'()*+,;=:@\/%?#]*)?$/;
    const ABSOLUTE_PLAIN = /^(https?):\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*\.?)([\/?#].*)?$/;
    const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

    function routeKey() {
        const h = location.hash || '';
        const keep = h.startsWith('#/') || h.startsWith('#!');
        return location.origin + location.pathname + location.search + (keep ? h : '');
    }
    function checkRoute() {
        const now = routeKey();
        if (route !== now) { route = now; table.clear(); uidOf = new WeakMap(); }
    }

    // ---- visibility ------------------------------------------------------------------------------
    function ariaHidden(el, stop) {
        for (let e = el; e && e !== stop; e = parentOf(e)) {
            if (e.nodeType === 1 && e.getAttribute('aria-hidden') === 'true') return true;
        }
        return false;
    }
    function parentOf(node) {
        if (node.assignedSlot) return node.assignedSlot;
        if (node.parentNode && node.parentNode.nodeType === 11) return node.parentNode.host || null;
        return node.parentNode && node.parentNode.nodeType === 1 ? node.parentNode : null;
    }
    // isHidden for an element whose parent is already known shown (visible, no aria-hidden up to stop)
    function hiddenUnderShown(el, stop) {
        if (!el.checkVisibility) return isHidden(el, stop);
        if (!el.checkVisibility(VIS_PROP) && getComputedStyle(el).display !== 'contents') return true;
        return el.getAttribute('aria-hidden') === 'true';
    }
    function isHidden(node, stop) {
        const el = node.nodeType === 1 ? node : parentOf(node);
        if (!el) return false;
        if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) {
            if (getComputedStyle(el).display !== 'contents') return true;
            const up = parentOf(el);
            if (up && up !== stop && isHidden(up, stop)) return true;
        }
        if (!el.checkVisibility) {
            const cs = getComputedStyle(el);
            if (cs.display === 'none' || cs.visibility === 'hidden' || cs.visibility === 'collapse') return true;
        }
        return ariaHidden(el, stop || null);
    }

    // ---- roles -----------------------------------------------------------------------------------
    function explicitRole(el) {
        const attr = el.getAttribute('role');
        if (!attr) return null;
        for (const token of attr.trim().toLowerCase().split(/\s+/)) {
            if (ROLES.has(token)) return token === 'image' ? 'img' : token;
        }
        return null;
    }
    function inSectioning(el) {
        for (let p = parentOf(el); p; p = parentOf(p)) {
            const t = p.tagName;
            if (t === 'ARTICLE' || t === 'ASIDE' || t === 'MAIN' || t === 'NAV' || t === 'SECTION') return true;
            const r = p.getAttribute('role');
            if (r === 'article' || r === 'complementary' || r === 'main' || r === 'navigation' || r === 'region') return true;
        }
        return false;
    }
    function implicitRole(el) {
        const tag = el.tagName;
        switch (tag) {
            case 'A': case 'AREA': return el.hasAttribute('href') ? 'link' : (tag === 'A' ? 'generic' : null);
            case 'BUTTON': return 'button';
            case 'INPUT': {
                const t = (el.getAttribute('type') || '').toLowerCase();
                if (t === 'button' || t === 'submit' || t === 'reset' || t === 'image') return 'button';
                if (t === 'checkbox') return 'checkbox';
                if (t === 'radio') return 'radio';
                if (t === 'range') return 'slider';
                if (t === 'number') return 'spinbutton';
                if (t === 'hidden') return null;
                if (t === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
                if (TEXT_INPUTS.has(t) || t === 'password') return el.hasAttribute('list') ? 'combobox' : 'textbox';
                if (t === 'color' || t === 'date' || t === 'datetime-local' || t === 'month' || t === 'time' ||
                    t === 'week' || t === 'file') return t === 'file' ? 'button' : 'textbox';
                return 'textbox';
            }
            case 'TEXTAREA': return 'textbox';
            case 'SELECT': return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
            case 'H1': case 'H2': case 'H3': case 'H4': case 'H5': case 'H6': return 'heading';
            case 'MAIN': return 'main';
            case 'NAV': return 'navigation';
            case 'ASIDE': return 'complementary';
            case 'HEADER': return inSectioning(el) ? 'generic' : 'banner';
            case 'FOOTER': return inSectioning(el) ? 'generic' : 'contentinfo';
            case 'FORM': return 'form';
            case 'SEARCH': return 'search';
            case 'DIALOG': return 'dialog';
            case 'SECTION': return (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) ? 'region' : 'generic';
            case 'IMG': return el.getAttribute('alt') === '' && !el.hasAttribute('aria-label') &&
                !el.hasAttribute('aria-labelledby') && !el.hasAttribute('title') ? 'presentation' : 'img';
            case 'SUMMARY': return 'button';
            case 'OPTION': return 'option';
            case 'FIELDSET': return 'group';
            case 'TABLE': return 'table';
            case 'FIGURE': return 'figure';
            case 'P': return 'paragraph';
            case 'LI': return 'listitem';
            case 'UL': case 'OL': return 'list';
            case 'TD': return 'cell';
            case 'TH': return 'columnheader';
            case 'TR': return 'row';
            case 'OUTPUT': return 'status';
            case 'PROGRESS': return 'progressbar';
            case 'METER': return 'meter';
            case 'HR': return 'separator';
            case 'ARTICLE': return 'article';
            case 'BLOCKQUOTE': return 'blockquote';
            case 'CODE': return 'code';
            case 'EM': return 'emphasis';
            case 'STRONG': return 'strong';
            case 'DEL': case 'S': return 'deletion';
            case 'INS': return 'insertion';
            case 'SUB': return 'subscript';
            case 'SUP': return 'superscript';
            case 'SPAN': case 'DIV': case 'B': case 'I': case 'U': case 'SMALL': return 'generic';
        }
        if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) return 'textbox';
        return null;
    }
    function roleOf(el) {
        const explicit = explicitRole(el);
        if (explicit && !((explicit === 'none' || explicit === 'presentation') && focusable(el))) return explicit;
        if (el.tagName === 'SUMMARY') {
            const d = el.parentElement;
            if (!d || d.tagName !== 'DETAILS' || d.querySelector(':scope > summary') !== el) return 'generic';
        }
        return implicitRole(el);
    }
    function focusable(el) {
        return el.hasAttribute('tabindex') || (el.tagName === 'A' && el.hasAttribute('href')) ||
            ['BUTTON','INPUT','SELECT','TEXTAREA'].includes(el.tagName);
    }

    // ---- accessible names (accname 1.2) ----------------------------------------------------------
    // already squashed (single spaces inside, none at the ends): most names and texts
    const SQUASHED = /[^\S ]|\u200b| {2}|^ | $/;
    function squash(s) { return SQUASHED.test(s) ? s.replace(/[\s\u200b]+/g, ' ').trim() : s; }
    // Which elements may have ::before/::after text: the base selectors of rules that set a content
    // string (hasPseudoRules matches them). true = unknown (a sheet we cannot read): ask every element.
    function collectPseudo(rules, bases) {
        for (const r of rules) {
            if (typeof CSSImportRule !== 'undefined' && r instanceof CSSImportRule) {
                if (sheetPseudo(r.styleSheet, bases) === true) return true;
                continue;
            }
            if (r.cssRules && !r.selectorText) { if (collectPseudo(r.cssRules, bases) === true) return true; continue; }
            const sel = r.selectorText;
            if (!sel || sel.indexOf(':') < 0 || !/:(before|after)/i.test(sel)) continue;
            const content = r.style && r.style.content;
            if (!content || content === 'none' || content === 'normal' || /^(""|'')$/.test(content)) continue;
            if (!/["']/.test(content) || /^["'][\ue000-\uf8ff\\a-f0-9 ]*["']$/i.test(content)) continue;
            for (const part of sel.split(',')) {
                if (/:(before|after)/i.test(part)) bases.push(part.replace(/::?(before|after)\b/gi, '').trim() || '*');
            }
        }
        return false;
    }
    function sameOrigin(href) {
        if (!href) return false;
        try { return new URL(href, location.href).origin === location.origin; } catch (e) { return false; }
    }
    // a sheet's rules (and those it @imports) into bases; true: a sheet we cannot read
    function sheetPseudo(sheet, bases) {
        if (!sheet) return false;
        let rules = null;
        try { rules = sheet.cssRules; } catch (e) {
            // a same-origin sheet is always readable once loaded: one that throws failed to load
            return !sameOrigin(sheet.href);
        }
        return rules ? collectPseudo(rules, bases) : false;
    }
    // Per tree (a document, or a shadow root: a document's rules never reach into one), which elements
    // may have ::before/::after text. Kept while every sheet keeps its rule count (CSS-in-JS inserts
    // rules into a sheet it has); the elements are found again once the tree has changed.
    const pseudoTrees = new WeakMap();     // tree -> {sig, bases, unknown, set, stale, watch}
    const NO_PSEUDO = new Set();
    let otherTrees = false;                // a shadow root or a frame's document was entered
    let scanTrees = null;                  // during a scan: tree -> pseudoOf(tree)
    function sheetSignature(sheets) {
        let sig = String(sheets.length);
        for (const sheet of sheets) {
            let count = 'x';
            try { count = sheet.cssRules.length; } catch (e) { /* cross-origin or not loaded */ }
            sig += ',' + count;
        }
        return sig;
    }
    function treeSheets(tree) {
        const sheets = Array.from(tree.styleSheets || []);
        if (tree.adoptedStyleSheets) for (const sheet of tree.adoptedStyleSheets) sheets.push(sheet);
        return sheets;
    }
    function pseudoOf(tree) {
        const sheets = treeSheets(tree);
        const sig = sheetSignature(sheets);
        let entry = pseudoTrees.get(tree);
        if (!entry || entry.sig !== sig) {
            if (entry && entry.watch) entry.watch.disconnect();
            const bases = [];
            let unknown = false;
            for (const sheet of sheets) {
                if (sheetPseudo(sheet, bases) === true) { unknown = true; break; }
            }
            entry = {sig: sig, bases: bases, unknown: unknown, set: null, stale: true, watch: null};
            pseudoTrees.set(tree, entry);
        }
        if (entry.unknown) return true;
        if (!entry.bases.length) return NO_PSEUDO;      // not false: readsPseudo takes that as "never"
        if (entry.set === null || entry.stale) {
            const set = new Set();
            for (const base of entry.bases) {
                try { for (const el of tree.querySelectorAll(base)) set.add(el); } catch (e) { /* :hover etc. */ }
            }
            entry.set = set;
            entry.stale = false;
            const held = entry;
            // made here, not at load: this module loads in the worker too, which has no MutationObserver
            if (!held.watch) held.watch = new MutationObserver(() => { held.stale = true; held.watch.disconnect(); });
            held.watch.observe(tree, {subtree: true, childList: true, attributes: true});
        }
        return entry.set;
    }
    function hasPseudoRules() {
        return pseudoOf(document);
    }
    function treePseudo(tree) {
        if (!scanTrees) return pseudoOf(tree);
        let answer = scanTrees.get(tree);
        if (answer === undefined) { answer = pseudoOf(tree); scanTrees.set(tree, answer); }
        return answer;
    }
    function pseudoText(el, which) {
        const content = getComputedStyle(el, which).content;
        if (!content || content === 'none' || content === 'normal') return '';
        const alt = content.match(/\/\s*("(?:[^"\\]|\\.)*")\s*$/);
        const source = alt ? alt[1] : content;
        let out = '';
        const re = /"((?:[^"\\]|\\.)*)"/g;
        let m;
        while ((m = re.exec(source))) out += m[1].replace(/\\(.)/g, '$1');
        return out.replace(/[\ue000-\uf8ff]/g, '');
    }
    function idRefs(el, attr) {
        const ids = (el.getAttribute(attr) || '').trim().split(/\s+/);
        const root = el.getRootNode();
        const out = [];
        for (const id of ids) {
            if (!id) continue;
            const target = (root.getElementById ? root.getElementById(id) : null) || document.getElementById(id);
            if (target) out.push(target);
        }
        return out;
    }
    function isBlockish(el) {
        if (BLOCKS.has(el.tagName)) {
            return true;
        }
        const d = getComputedStyle(el).display;      // a span may be display:block
        return d !== 'inline' && d !== 'contents' && d !== 'none';
    }
    function embeddedValue(el, role) {
        if (role === 'textbox' || role === 'searchbox') {
            if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return el.value;
            return el.textContent;
        }
        if (role === 'combobox' || role === 'listbox') {
            if (el.tagName === 'SELECT') {
                const sel = Array.from(el.selectedOptions || []);
                return sel.map(o => o.label || o.textContent).join(' ');
            }
            if (el.tagName === 'INPUT') return el.value;
            const chosen = el.querySelectorAll('[role="option"][aria-selected="true"]');
            if (chosen.length) return Array.from(chosen).map(o => text(o, {visited: new Set(), recursion: true, root: o})).join(' ');
            return '';
        }
        if (RANGE_ROLES.has(role)) {
            if (el.hasAttribute('aria-valuetext')) return el.getAttribute('aria-valuetext');
            if (el.hasAttribute('aria-valuenow')) return el.getAttribute('aria-valuenow');
            return el.value !== undefined ? String(el.value) : '';
        }
        return null;
    }
    function nativeLabels(el) {
        if (el.labels && el.labels.length) return Array.from(el.labels);
        return [];
    }
    function inputDefault(el) {
        const t = (el.getAttribute('type') || '').toLowerCase();
        if (t === 'submit') return 'Submit';
        if (t === 'reset') return 'Reset';
        if (t === 'image') return 'Submit Query';
        return '';
    }
    function hostLanguage(el, ctx, role) {
        const tag = el.tagName;
        if (tag === 'INPUT') {
            const t = (el.getAttribute('type') || '').toLowerCase();
            const labels = labelText(el, ctx);
            if (labels) return labels;
            if (t === 'button' || t === 'submit' || t === 'reset') {
                const v = el.getAttribute('value');
                if (v !== null && v.trim() !== '') return v;
                return t === 'button' ? '' : inputDefault(el);
            }
            if (t === 'image') {
                const alt = el.getAttribute('alt');
                if (alt !== null && alt.trim() !== '') return alt;
                const v = el.getAttribute('value');
                if (v !== null && v.trim() !== '') return v;
                if (el.hasAttribute('title')) return '';
                return 'Submit Query';
            }
            return '';
        }
        if (tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'METER' || tag === 'PROGRESS' || tag === 'OUTPUT' ||
            tag === 'BUTTON') {
            return labelText(el, ctx);
        }
        if (tag === 'IMG' || tag === 'AREA') {
            const alt = el.getAttribute('alt');
            return alt !== null ? alt : '';
        }
        if (tag === 'FIELDSET') {
            const legend = el.querySelector(':scope > legend');
            return legend ? text(legend, Object.assign({}, ctx, {recursion: true, root: ctx.root})) : '';
        }
        if (tag === 'FIGURE') {
            const cap = el.querySelector(':scope > figcaption');
            return cap ? text(cap, Object.assign({}, ctx, {recursion: true})) : '';
        }
        if (tag === 'TABLE') {
            const cap = el.caption;
            return cap ? text(cap, Object.assign({}, ctx, {recursion: true})) : '';
        }
        if (tag === 'OPTGROUP') return el.getAttribute('label') || '';
        if (el instanceof SVGElement) {
            const t = el.querySelector(':scope > title');
            return t ? t.textContent : '';
        }
        return '';
    }
    function labelText(el, ctx) {
        const labels = nativeLabels(el);
        if (!labels.length) return '';
        const parts = [];
        for (const label of labels) {
            const hidden = isHidden(label);
            parts.push(text(label, {visited: ctx.visited, recursion: true, inLabel: true, refHidden: hidden,
                                    root: ctx.root, labelledby: ctx.labelledby}));
        }
        return squash(parts.join(' '));
    }
    function tooltip(el) {
        const title = el.getAttribute('title');
        if (title !== null && title.trim() !== '') return title;
        if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') {
            const ph = el.getAttribute('placeholder');
            if (ph !== null && ph.trim() !== '') return ph;
        }
        const aph = el.getAttribute('aria-placeholder');
        if (aph !== null && aph.trim() !== '') return aph;
        return '';
    }
    function childNodesFlat(el) {
        if (el.shadowRoot) { otherTrees = true; return el.shadowRoot.childNodes; }
        if (el.tagName === 'SLOT') {
            const assigned = el.assignedNodes();
            return assigned.length ? assigned : el.childNodes;
        }
        return el.childNodes;
    }
    // whether el's ::before/::after text is read: `pseudo` is the document's answer (hasPseudoRules),
    // false or undefined for never; an element of another tree (a shadow root, a frame) is judged by
    // that tree's sheets. Images and SVG elements never generate those boxes.
    function readsPseudo(el, pseudo) {
        if (!pseudo || el.tagName === 'IMG' || el.namespaceURI === SVG_NS) return false;
        if (otherTrees) {
            const tree = el.getRootNode();
            if (tree !== document) pseudo = tree.nodeType === 9 || tree.nodeType === 11 ? treePseudo(tree) : NO_PSEUDO;
        }
        return pseudo === true || pseudo.has(el);
    }
    // shown: el is known visible (its text nodes need no check of their own)
    function fromContent(el, ctx, shown) {
        const usePseudo = readsPseudo(el, ctx.pseudo);
        let out = usePseudo ? pseudoText(el, '::before') : '';
        if (out) out += ' ';
        let textHidden = null;
        const inner = ctx.recursion ? ctx : Object.assign({}, ctx, {recursion: true});
        for (const child of childNodesFlat(el)) {
            if (child.nodeType === 3) {
                if (textHidden === null) textHidden = !shown && !ctx.refHidden && isHidden(child, ctx.stop);
                if (!textHidden) out += child.data;
                continue;
            }
            if (child.nodeType === 8) { out += ' '; continue; }
            if (child.nodeType !== 1) continue;
            if (SKIP.has(child.tagName) && child.tagName !== 'OPTION') continue;
            const piece = text(child, inner, shown);
            if (child.tagName === 'BR') { out += ' '; continue; }
            if (piece === '') continue;
            out += isBlockish(child) ? ' ' + piece + ' ' : piece;
        }
        if (usePseudo) { const after = pseudoText(el, '::after'); if (after) out += ' ' + after; }
        return out;
    }
    // parentShown: the node's parent is known shown, so only the node itself is checked
    function text(node, ctx, parentShown) {
        if (node.nodeType === 3) {
            if (!ctx.refHidden && isHidden(node, ctx.stop)) return '';
            return node.data;
        }
        if (node.nodeType !== 1) return '';
        const el = node;
        if (ctx.visited.has(el)) return '';
        const isRoot = el === ctx.root;
        // 2A: hidden, unless reached through a reference to a hidden node
        if (!isRoot && !ctx.refHidden && (parentShown ? hiddenUnderShown(el, ctx.stop) : isHidden(el, ctx.stop))) {
            // visibility:hidden hides the element's own text, not descendants made visible again
            if (el.checkVisibility && el.checkVisibility() && !ariaHidden(el, ctx.stop) && !ctx.visited.has(el)) {
                return fromContent(el, Object.assign({}, ctx, {recursion: true}));
            }
            return '';
        }
        ctx.visited.add(el);
        try {
            const role = roleOf(el);
            // 2B: aria-labelledby
            const lbAttr = el.hasAttribute('aria-labelledby') ? 'aria-labelledby' :
                (el.hasAttribute('aria-labeledby') ? 'aria-labeledby' : null);
            if (!ctx.labelledby && lbAttr) {
                const refs = idRefs(el, lbAttr);
                if (refs.length) {
                    const parts = refs.map(r => {
                        const hidden = isHidden(r);
                        return squash(text(r, {visited: new Set(), recursion: r !== el, labelledby: true,
                                               refHidden: hidden || ctx.refHidden, root: el, pseudo: ctx.pseudo}));
                    });
                    const joined = squash(parts.join(' '));
                    if (joined) return joined;
                }
            }
            // 2C: an embedded control inside a label gives its value
            if (ctx.recursion && !isRoot) {
                const v = embeddedValue(el, role);
                if (v !== null) return v;
            }
            // 2D: aria-label
            const label = el.getAttribute('aria-label');
            if (label !== null && label.trim() !== '' && el.tagName !== 'SLOT' && !(NAME_PROHIBITED.has(role) && !ctx.recursion)) {
                if (!(ctx.recursion && embeddedValue(el, role) !== null && !isRoot)) return label;
            }
            // 2E: host language
            if (role !== 'presentation' && role !== 'none' || isRoot) {
                const host = hostLanguage(el, ctx, role);
                if (host && host.trim() !== '') return host;
            }
            // 2F: name from content
            const nameable = isRoot ? FROM_CONTENT.has(role) || el.tagName === 'SUMMARY' :
                ctx.labelledby || ctx.inLabel || !NO_CONTENT.has(role);
            if (nameable || (ctx.recursion && isRoot)) {
                if (!(isRoot && NAME_PROHIBITED.has(role))) {
                    const content = fromContent(el, ctx, isRoot ? ctx.stop === el : !ctx.refHidden);
                    if (content.trim() !== '') return content;
                }
            }
            // 2I: tooltip
            return tooltip(el);
        } finally {
            if (!ctx.recursion || isRoot) ctx.visited.delete(el);
        }
    }
    // A visible widget with no element children, no ARIA naming and no host-language name is named by
    // its text (and its ::before/::after text): what `text` computes, without the recursion.
    function plainNamed(el, role) {
        if (el.firstElementChild || el.shadowRoot || !FROM_CONTENT.has(role) || el.hasAttribute('aria-label') ||
            el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-labeledby')) return false;
        const tag = el.tagName;
        if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'IMG' || tag === 'AREA') return false;
        return tag !== 'BUTTON' || !el.labels || el.labels.length === 0;
    }
    function accName(el, pseudo, stop, role) {
        const usePseudo = pseudo === undefined ? hasPseudoRules() : pseudo;
        if (stop === el && plainNamed(el, role === undefined ? roleOf(el) : role)) {
            let content = el.textContent;
            if (readsPseudo(el, usePseudo)) {
                const before = pseudoText(el, '::before'), after = pseudoText(el, '::after');
                if (before) content = before + ' ' + content;
                if (after) content += ' ' + after;
            }
            content = squash(content);
            if (content) return content;
            return squash(tooltip(el));
        }
        const ctx = {visited: new Set(), recursion: false, root: el, pseudo: usePseudo, stop: stop || null};
        return squash(text(el, ctx));
    }

    // ---- the walk --------------------------------------------------------------------------------
    function states(el, role) {
        const out = [];
        const ac = el.getAttribute('aria-checked');
        if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox' || role === 'menuitemradio') {
            if (el.tagName === 'INPUT' ? el.checked : ac === 'true') out.push('checked');
            else if (ac === 'mixed' || el.indeterminate) out.push('mixed');
        }
        if (el.disabled || el.getAttribute('aria-disabled') === 'true') out.push('disabled');
        const ex = el.getAttribute('aria-expanded');
        if (ex === 'true') out.push('expanded');
        if (el.tagName === 'DETAILS' || (el.tagName === 'SUMMARY' && el.parentElement && el.parentElement.tagName === 'DETAILS')) {
            out.push(el.parentElement.open ? 'expanded' : 'collapsed');
        }
        if (el.required || el.getAttribute('aria-required') === 'true') out.push('required');
        if (el.getAttribute('aria-selected') === 'true' || (el.tagName === 'OPTION' && el.selected)) out.push('selected');
        if (el.readOnly || el.getAttribute('aria-readonly') === 'true') out.push('readonly');
        if (el.getAttribute('aria-pressed') === 'true') out.push('pressed');
        return out;
    }
    function valueOf(el, role) {
        if (el.tagName === 'INPUT') {
            const t = (el.type || '').toLowerCase();
            if (t === 'password') return el.value ? '••••' : '';
            if (t === 'checkbox' || t === 'radio' || t === 'button' || t === 'submit' || t === 'reset' || t === 'image' || t === 'file') return null;
            return el.value;
        }
        if (el.tagName === 'TEXTAREA') return el.value;
        if (el.tagName === 'SELECT') return Array.from(el.selectedOptions).map(o => o.label || o.textContent.trim()).join(', ');
        if (role === 'textbox' && el.isContentEditable) return el.textContent.slice(0, 200);
        if (role === 'combobox' || RANGE_ROLES.has(role)) {
            const v = el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow');
            return v === null ? null : v;
        }
        return null;
    }
    function issue(el, fp) {
        let n = uidOf.get(el);
        if (n !== undefined) {
            const entry = table.get(n);
            if (entry && entry.fp === fp && entry.route === route) return n;
            table.delete(n);
        }
        counter += 1;
        n = counter;
        uidOf.set(el, n);
        table.set(n, {ref: new WeakRef(el), fp: fp, route: route});
        return n;
    }
    function readBase() {
        hasBase = !!document.querySelector('base[href]');
        origin = location.origin;
        const plainUrl = /^https?:$/.test(location.protocol) && !location.username && !location.password;
        const base = plainUrl ? location.href.split('#')[0] : '';
        if (base !== docBase || hrefs.size > 20000) hrefs.clear();
        docBase = base;
        docDir = plainUrl ? location.origin + location.pathname.replace(/[^\/]*$/, '') : '';
    }
    // An href the URL parser would only join to the document URL (nothing to encode or normalise: no
    // dot segments, ports, IPv4 or IDN hosts, backslashes, spaces) is joined here; null: ask the parser.
    function plainHref(raw) {
        if (!docDir || (raw.indexOf('%') >= 0 && /%2e/i.test(raw))) return null;
        let m = ABSOLUTE_PLAIN.exec(raw);
        if (m) {
            if (m[2].includes('xn--') || !/(^|\.)[a-z][a-z0-9-]*\.?$/.test(m[2])) return null;
            if (!m[3]) return raw + '/';
            if (m[3][0] !== '/') return null;
            return PLAIN_REF.test(m[3]) && !DOT_SEGMENT.test(m[3].split(/[?#]/)[0]) ? raw : null;
        }
        m = PLAIN_REF.exec(raw);
        if (!m) return null;
        const path = m[1], rest = (m[2] || '') + (m[3] || '');
        if (path === '') return m[2] === undefined && m[3] !== undefined ? docBase + m[3] : null;
        if (path.startsWith('//')) return null;
        if (path.startsWith('/')) return DOT_SEGMENT.test(path) ? null : origin + path + rest;
        const rel = path.startsWith('./') ? path.slice(2) : path;
        if (DOT_SEGMENT.test(rel) || rel.split('/')[0].includes(':') && !path.startsWith('./')) return null;
        return docDir + rel + rest;
    }
    function hrefOf(el) {
        const raw = el.getAttribute('href');
        if (raw === null) return null;
        // without a <base>, a link of this document resolves against the document URL alone
        const mine = !hasBase && el.ownerDocument === document && docBase !== '';
        if (mine) {
            const known = hrefs.get(raw);
            if (known !== undefined) return known;
        }
        const href = resolveHref(el, raw, mine);
        if (mine) hrefs.set(raw, href);
        return href;
    }
    function resolveHref(el, raw, mine) {
        if (/^\s*javascript:/i.test(raw)) return 'javascript:';
        if (mine) {
            const quick = plainHref(raw);
            if (quick !== null) return quick;
        }
        try { return el.href && el.href.baseVal === undefined ? el.href : new URL(raw, el.baseURI).href; }
        catch (e) { return raw; }
    }

    // a scan runs no page script, so each other tree's answer holds for the whole walk
    function scan(opts) {
        otherTrees = false;
        scanTrees = new Map();
        try { return walkPage(opts); } finally { scanTrees = null; }
    }
    function walkPage(opts) {
        const started = performance.now();
        checkRoute();
        if (opts && opts.floor > counter) counter = opts.floor;
        const rows = [];
        const viewport = !!(opts && opts.viewport);
        const vw = innerWidth, vh = innerHeight;
        const pseudo = hasPseudoRules();
        readBase();
        const closedRoots = typeof chrome !== 'undefined' && chrome.dom && chrome.dom.openOrClosedShadowRoot ? true : false;
        let count = 0;
        let rootEl = document.body || document.documentElement;
        if (opts && opts.within) {
            const found = resolve(opts.within);
            if (!found.ok) return found;
            rootEl = found.el;
        }
        // prose buffer stack: {row index, text parts, length}
        const prose = [];
        // rows present now: prose rows, and rows other than prose and links (merge's quick refusal)
        let proseRows = 0, otherRows = 0;
        function openProse(at, el, depth) {
            prose.push({at: at, parts: [], el: el, depth: depth, p0: proseRows, o0: otherRows});
        }
        // text shown in the open prose block; `own`: its first text that is not only whitespace
        function addText(buf, d) {
            buf.parts.push(d);
            if (!buf.own) buf.own = d.trim();
        }
        function push(row) {
            rows.push(row);
            if (!(row[0] === 'E' && row[2] === 'L')) otherRows += 1;
        }
        function box(el) {
            const width = viewport ? undefined : el.offsetWidth;
            if (width !== undefined) {
                return (width > 0 || el.offsetHeight > 0 || el.getClientRects().length > 1) ? true : null;
            }
            const r = el.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) return null;
            if (viewport && (r.bottom < 0 || r.right < 0 || r.top > vh || r.left > vw)) return null;
            return r;
        }
        function flush(buf) {
            if (!buf.el || !buf.own || !buf.parts.length) return;
            const t = squash(buf.parts.length === 1 ? buf.parts[0] : buf.parts.join(''));
            if (t.length >= 3 && /[\p{L}\p{N}]/u.test(buf.own)) {
                if (viewport && !box(buf.el)) return;
                const n = issue(buf.el, 'prose');
                rows[buf.at] = ['P', buf.depth, 'u' + n, t.slice(0, 200), t.length];
                proseRows += 1;
            }
        }
        // a block whose subtree printed only prose (2 or more rows) and links: one summary row for the
        // block, which `read` expands, then its links, instead of one row per paragraph
        function merge(buf) {
            const at = buf.at;
            if (rows.length - at < 3 || otherRows > buf.o0 || proseRows === buf.p0) return false;
            let n = 0, total = 0, size = 0, merged = 0;
            const heads = [];
            const own = squash(buf.parts.join(''));
            if (own && /[\p{L}\p{N}]/u.test(own)) { heads.push(own); total += own.length; size += own.length; n += 1; }
            const links = [];
            for (let j = at + 1; j < rows.length; j++) {
                const r = rows[j];
                if (r === null) continue;
                if (r[0] === 'E' && r[2] === 'L') { links.push(r); continue; }
                if (r[0] !== 'P') return false;
                if (size < 200) { heads.push(r[3]); size += r[3].length + 1; }
                total += r[4] + (n ? 1 : 0);
                n += 1;
                merged += 1;
            }
            if (n < 2) return false;
            rows.length = at + 1;
            rows[at] = ['P', buf.depth, 'u' + issue(buf.el, 'prose'), heads.join(' ').slice(0, 200), total];
            proseRows += 1 - merged;
            for (const r of links) rows.push(r);
            return true;
        }
        function walk(el, depth, visHidden) {
            count += 1;
            const tag = el.tagName;
            if (SKIP.has(tag)) return;
            if (el.getAttribute('aria-hidden') === 'true' || el.inert) return;
            const role = roleOf(el);
            // a childless element that is not a widget prints nothing: no visibility check needed
            const hasKids = el.hasChildNodes();
            const sr = el.shadowRoot;
            const custom = tag.includes('-');      // a custom element (tagName keeps the hyphen)
            if (!hasKids && tag !== 'IFRAME' && tag !== 'FRAME' && tag !== 'SLOT' && !sr &&
                !(closedRoots && custom) && !CODE[role]) return;
            let hiddenHere = false;
            if (!el.checkVisibility(VIS_PROP)) {
                if (!el.checkVisibility() && getComputedStyle(el).display !== 'contents') return;
                hiddenHere = true;
            }
            if (tag === 'IFRAME' || tag === 'FRAME') {
                if (hiddenHere || !box(el)) return;
                let doc = null;
                try { doc = el.contentDocument; } catch (e) { doc = null; }
                if (doc && doc.body) {
                    otherTrees = true;
                    rows.push(null);
                    openProse(rows.length - 1, doc.body, depth);
                    walk(doc.body, depth, false);
                    flush(prose.pop());
                } else {
                    const src = el.src || el.getAttribute('src') || 'about:blank';
                    if (/^https?:/i.test(src)) {
                        push(['X', depth, src]);
                    }
                }
                return;
            }
            let childDepth = depth;
            let sectionAt = -1;
            let inProse = false;
            let mute = false;
            if (!hiddenHere) {
                const code = role === 'heading' ? 'H' : CODE[role];
                if (code && role === 'option' && el.tagName === 'OPTION') { /* listed through its select */ }
                else if (code) {
                    const r = box(el);
                    if (r) {
                        const name = accName(el, pseudo, el, role);
                        if (code === 'H') {
                            if (name) {
                                const lvl = parseInt(el.getAttribute('aria-level') || (tag.length === 2 && tag[0] === 'H' ? tag[1] : '2'), 10);
                                push(['H', depth, lvl >= 1 && lvl <= 6 ? lvl : 2, name]);
                            }
                        } else {
                            const n = issue(el, role + '|' + name);
                            push(['E', depth, code, 'u' + n, name, valueOf(el, role), states(el, role),
                                       role === 'link' ? hrefOf(el) : null]);
                        }
                        const owner = prose.length ? prose[prose.length - 1].el : null;
                        if (owner && (role === 'link' || role === 'button') && name && SENTENCE.has(owner.tagName)) {
                            prose[prose.length - 1].parts.push(' ' + name + ' ');
                        }
                        // headings, links and items (menu items, tabs, tree items, options): walk on for
                        // what they contain (a link in a menu item is what a click must reach), their text
                        // muted; other widgets' insides are part of their name
                        if (code !== 'H' && role !== 'link' && !ITEMS.has(role)) return;
                        mute = true;
                    } else if (el.tagName !== 'A') {
                        return;
                    }
                } else if (SECTION[role]) {
                    let kind = SECTION[role];
                    let nm = '';
                    if (kind === 'form' || kind === 'dialog' || kind === 'region') {
                        nm = accName(el, false) || el.getAttribute('name') || el.id || '';
                        if (kind === 'region' && !nm) kind = null;
                        if (kind === 'dialog' && el.tagName === 'DIALOG' && !el.open) return;
                    }
                    if (kind) {
                        push(['S', depth, kind, nm || null]);
                        sectionAt = rows.length - 1;
                        childDepth = depth + 1;
                    }
                }
            }
            if (mute) {
                openProse(-1, null, childDepth);
            } else if (!hiddenHere && BLOCKS.has(tag) && tag !== 'BODY') {
                rows.push(null);
                openProse(rows.length - 1, el, childDepth);
                inProse = true;
            }
            if (!sr && closedRoots && custom && chrome.dom.openOrClosedShadowRoot(el)) {
                push(['Z', childDepth, el.localName]);
            }
            const top = prose.length ? prose[prose.length - 1] : null;
            if (sr || tag === 'SLOT') {
                if (sr) otherTrees = true;
                const kids = sr ? sr.childNodes : (el.assignedNodes().length ? el.assignedNodes() : el.childNodes);
                for (let i = 0; i < kids.length; i++) {
                    const c = kids[i];
                    if (c.nodeType === 1) walk(c, childDepth, hiddenHere);
                    else if (c.nodeType === 3 && !hiddenHere && top) addText(top, c.data);
                }
            } else if (el.childElementCount === 0) {
                if (hasKids && !hiddenHere && top) { const d = el.textContent; if (d) addText(top, d); }
            } else {
                for (let c = el.firstChild; c; c = c.nextSibling) {
                    const t = c.nodeType;
                    if (t === 1) walk(c, childDepth, hiddenHere);
                    else if (t === 3 && !hiddenHere && top) addText(top, c.data);
                }
            }
            if (inProse) {
                const buf = prose.pop();
                if (!merge(buf)) flush(buf);
            } else if (mute) flush(prose.pop());
            if (sectionAt >= 0) {
                let empty = true;
                for (let j = sectionAt + 1; j < rows.length; j++) if (rows[j] !== null) { empty = false; break; }
                if (empty) { rows.length = sectionAt; otherRows -= 1; }
            }
        }
        walk(rootEl, 0, false);
        const out = rows.filter(r => r !== null);
        const frameRows = [];
        for (let i = 0; i < out.length; i++) {
            if (out[i][0] === 'X') frameRows.push({index: i, src: out[i][2], depth: out[i][1]});
        }
        return {ok: true, url: location.href, title: document.title, count: count, rows: out, frames: frameRows,
                max_uid: counter, ms: Math.round((performance.now() - started) * 10) / 10};
    }

    // ---- uids -> elements ------------------------------------------------------------------------
    function stale(uid, why) {
        return {ok: false, reason: 'stale_uid', message: 'uid: ' + uid + ' ' + why, hint: 'scan again'};
    }
    function resolve(uid) {
        const m = /^u(\d+)$/.exec(String(uid || ''));
        if (!m) return {ok: false, reason: 'invalid_args', message: 'uid: "' + uid + '" is not a uid from a scan (u<n>)', field: 'uid'};
        const n = parseInt(m[1], 10);
        if (route === null) return stale(uid, 'is unknown on this page (the page was reloaded or navigated)');
        if (route !== routeKey()) { checkRoute(); return stale(uid, 'is from before a route change'); }
        const entry = table.get(n);
        if (!entry) return stale(uid, 'is unknown on this page (the page was reloaded or navigated)');
        const el = entry.ref.deref();
        if (!el || !el.isConnected) { table.delete(n); return stale(uid, 'is gone from the page'); }
        if (entry.fp !== 'prose') {
            const role = roleOf(el);
            if (role + '|' + accName(el) !== entry.fp) { table.delete(n); return stale(uid, 'changed its role or name'); }
        }
        return {ok: true, el: el, n: n};
    }

    // ---- describing a target (for the risk judge) ------------------------------------------------
    function fieldLabel(f) { return accName(f, false).slice(0, 80); }
    function submitsForm(el) {
        if (el.tagName === 'BUTTON') return !!el.form && (el.getAttribute('type') || 'submit').toLowerCase() === 'submit';
        if (el.tagName === 'INPUT') {
            const t = (el.type || '').toLowerCase();
            return !!el.form && (t === 'submit' || t === 'image');
        }
        return false;
    }
    function describe(uid, submitting) {
        const found = resolve(uid);
        if (!found.ok) return found;
        return {ok: true, target: describeEl(found.el, submitting)};
    }
    function describeEl(el, submitting) {
        const role = roleOf(el);
        const form = el.form || (el.closest ? el.closest('form') : null);
        let formInfo = null;
        if (form) {
            const fields = [];
            const secrets = [];
            for (const f of Array.from(form.elements || []).slice(0, 60)) {
                if (f.tagName === 'FIELDSET' || f.tagName === 'OBJECT' || f.tagName === 'OUTPUT') continue;
                const t = (f.type || '').toLowerCase();
                if (t === 'hidden' || t === 'submit' || t === 'button' || t === 'reset' || t === 'image') continue;
                const label = fieldLabel(f);
                fields.push((label || f.name || f.id || t) + ' (' + (t || f.tagName.toLowerCase()) + ')');
                secrets.push({type: t, autocomplete: f.getAttribute('autocomplete') || '', name: f.name || '',
                              id: f.id || '', label: label});
            }
            formInfo = {name: accName(form, false) || form.getAttribute('name') || form.id || '',
                        action: form.getAttribute('action') ? form.action : '', method: (form.method || 'get').toLowerCase(),
                        fields: fields.slice(0, 12), secret_fields_raw: secrets};
        }
        const href = role === 'link' ? (el.getAttribute('href') || '') : null;
        return {role: role, name: accName(el), tag: el.tagName.toLowerCase(), href: href,
                page_url: location.href, submits: !!submitting || submitsForm(el), form: formInfo};
    }

    // ---- actions ---------------------------------------------------------------------------------
    function fire(el, kind, init) {
        const Ctor = kind.startsWith('pointer') ? PointerEvent : (kind.startsWith('key') ? KeyboardEvent : MouseEvent);
        el.dispatchEvent(new Ctor(kind, Object.assign({bubbles: true, cancelable: true, composed: true, view: window}, init || {})));
    }
    function clickEl(el) {
        el.scrollIntoView({block: 'center', inline: 'center'});
        const r = el.getBoundingClientRect();
        const at = {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, button: 0};
        fire(el, 'pointerdown', Object.assign({isPrimary: true, pointerType: 'mouse'}, at));
        fire(el, 'mousedown', at);
        if (el.focus) el.focus({preventScroll: true});
        fire(el, 'pointerup', Object.assign({isPrimary: true, pointerType: 'mouse'}, at));
        fire(el, 'mouseup', at);
        el.click();
    }
    function isDisabled(el) {
        return !!el.disabled || el.getAttribute('aria-disabled') === 'true' || !!(el.closest && el.closest('fieldset[disabled]') && el.tagName !== 'LEGEND');
    }
    function setNativeValue(el, value) {
        const proto = el.tagName === 'TEXTAREA' ? HTMLTextAreaElement.prototype :
            (el.tagName === 'SELECT' ? HTMLSelectElement.prototype : HTMLInputElement.prototype);
        const setter = Object.getOwnPropertyDescriptor(proto, 'value').set;
        setter.call(el, value);
    }
    function submitFrom(el) {
        const form = el.form || (el.closest && el.closest('form'));
        if (form) {
            if (form.requestSubmit) form.requestSubmit(); else form.submit();
            return 'form';
        }
        pressKeys(el, 'Enter');
        return 'enter';
    }
    function typeInto(el, value, clear, submit) {
        const role = roleOf(el);
        const isField = (el.tagName === 'INPUT' && (role === 'textbox' || role === 'searchbox' || role === 'spinbutton' || role === 'combobox')) ||
            el.tagName === 'TEXTAREA';
        if (!isField && !el.isContentEditable) {
            return {ok: false, reason: 'invalid_args', field: 'uid', message: 'uid: the element is a ' + role + ', not a text field'};
        }
        if (isDisabled(el) || el.readOnly) return {ok: false, reason: 'invalid_args', field: 'uid', message: 'uid: the field is disabled or read-only'};
        el.scrollIntoView({block: 'center'});
        el.focus({preventScroll: true});
        if (isField) {
            const next = (clear ? '' : el.value) + value;
            setNativeValue(el, next);
            el.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertText', data: value}));
            el.dispatchEvent(new Event('change', {bubbles: true}));
        } else {
            if (clear) { const range = document.createRange(); range.selectNodeContents(el); const s = getSelection(); s.removeAllRanges(); s.addRange(range); }
            if (!document.execCommand('insertText', false, value)) el.textContent = (clear ? '' : el.textContent) + value;
        }
        const result = {ok: true, typed: value.length};
        if (submit) result.submitted = submitFrom(el);
        return result;
    }
    function selectIn(el, value, label) {
        if (el.tagName === 'SELECT') {
            if (isDisabled(el)) return {ok: false, reason: 'invalid_args', field: 'uid', message: 'uid: the list is disabled'};
            const opts = Array.from(el.options);
            const want = label !== null && label !== undefined ? squash(label).toLowerCase() : null;
            const opt = opts.find(o => value !== null && value !== undefined && o.value === value) ||
                        opts.find(o => want !== null && squash(o.label || o.textContent).toLowerCase() === want);
            if (!opt) return {ok: false, reason: 'invalid_args', field: value !== null && value !== undefined ? 'value' : 'label',
                              message: 'no option matches; options: ' + opts.slice(0, 20).map(o => squash(o.label || o.textContent)).join(' | ')};
            if (opt.disabled) return {ok: false, reason: 'invalid_args', field: 'value', message: 'that option is disabled'};
            el.focus({preventScroll: true});
            opt.selected = true;
            el.dispatchEvent(new Event('input', {bubbles: true}));
            el.dispatchEvent(new Event('change', {bubbles: true}));
            return {ok: true, selected: {value: opt.value, label: squash(opt.label || opt.textContent)}};
        }
        const options = Array.from(el.querySelectorAll('[role="option"]'));
        const want = squash(label || value || '').toLowerCase();
        const hit = options.find(o => accName(o).toLowerCase() === want || o.getAttribute('data-value') === value);
        if (!hit) return {ok: false, reason: 'invalid_args', field: 'label', message: 'no option matches in this ' + roleOf(el)};
        clickEl(hit);
        return {ok: true, selected: {label: accName(hit)}};
    }
    function checkEl(el, checked) {
        const role = roleOf(el);
        if (role !== 'checkbox' && role !== 'radio' && role !== 'switch' && role !== 'menuitemcheckbox' && role !== 'menuitemradio') {
            return {ok: false, reason: 'invalid_args', field: 'uid', message: 'uid: the element is a ' + role + ', not a checkbox, radio or switch'};
        }
        if (isDisabled(el)) return {ok: false, reason: 'invalid_args', field: 'uid', message: 'uid: the control is disabled'};
        const now = el.tagName === 'INPUT' ? el.checked : el.getAttribute('aria-checked') === 'true';
        if (now === checked) return {ok: true, checked: now, changed: false};
        if (!checked && (role === 'radio' || role === 'menuitemradio')) {
            return {ok: false, reason: 'invalid_args', field: 'checked', message: 'checked: a radio cannot be unchecked; check another one'};
        }
        clickEl(el);
        const after = el.tagName === 'INPUT' ? el.checked : el.getAttribute('aria-checked') === 'true';
        return {ok: true, checked: after, changed: after !== now};
    }
    const KEY_CODES = {Enter: 'Enter', Tab: 'Tab', Escape: 'Escape', Esc: 'Escape', Backspace: 'Backspace', Delete: 'Delete',
        ArrowUp: 'ArrowUp', ArrowDown: 'ArrowDown', ArrowLeft: 'ArrowLeft', ArrowRight: 'ArrowRight', Home: 'Home',
        End: 'End', PageUp: 'PageUp', PageDown: 'PageDown', Space: ' ', ' ': ' '};
    function parseChord(chord) {
        const parts = String(chord).split('+').map(p => p.trim()).filter(p => p.length);
        if (!parts.length) return null;
        const mods = {ctrlKey: false, shiftKey: false, altKey: false, metaKey: false};
        for (const p of parts.slice(0, -1)) {
            const l = p.toLowerCase();
            if (l === 'control' || l === 'ctrl') mods.ctrlKey = true;
            else if (l === 'shift') mods.shiftKey = true;
            else if (l === 'alt' || l === 'option') mods.altKey = true;
            else if (l === 'meta' || l === 'cmd' || l === 'command') mods.metaKey = true;
            else return null;
        }
        const last = parts[parts.length - 1];
        const key = KEY_CODES[last] || (last.length === 1 ? last : (/^F\d{1,2}$/.test(last) ? last : null));
        if (!key) return null;
        return Object.assign({key: key}, mods);
    }
    function pressKeys(el, chord) {
        const parsed = parseChord(chord);
        if (!parsed) return {ok: false, reason: 'invalid_args', field: 'key', message: 'key: "' + chord + '" is not a key or chord (e.g. Enter, Escape, Control+A)'};
        const target = el || document.activeElement || document.body;
        const init = Object.assign({code: parsed.key.length === 1 ? 'Key' + parsed.key.toUpperCase() : parsed.key}, parsed);
        const go = target.dispatchEvent(new KeyboardEvent('keydown', Object.assign({bubbles: true, cancelable: true, composed: true}, init)));
        if (parsed.key.length === 1 || parsed.key === 'Enter') target.dispatchEvent(new KeyboardEvent('keypress', Object.assign({bubbles: true, cancelable: true, composed: true}, init)));
        let effect = null;
        if (go && !parsed.ctrlKey && !parsed.metaKey && !parsed.altKey) {
            if (parsed.key === 'Enter') {
                if (target.tagName === 'INPUT' && target.form && roleOf(target) !== 'button') {
                    target.form.requestSubmit ? target.form.requestSubmit() : target.form.submit(); effect = 'submitted';
                } else if (target.tagName === 'A' || target.tagName === 'BUTTON' || roleOf(target) === 'button' || roleOf(target) === 'link') {
                    target.click(); effect = 'activated';
                }
            } else if (parsed.key === ' ' && (target.tagName === 'BUTTON' || roleOf(target) === 'button' || roleOf(target) === 'checkbox')) {
                target.click(); effect = 'activated';
            } else if (parsed.key === 'Escape' && target.closest && target.closest('dialog[open]')) {
                target.closest('dialog[open]').close(); effect = 'closed dialog';
            }
        }
        target.dispatchEvent(new KeyboardEvent('keyup', Object.assign({bubbles: true, cancelable: true, composed: true}, init)));
        return {ok: true, key: chord, effect: effect};
    }
    function scrollBy(el, direction, toEl) {
        if (toEl) { toEl.scrollIntoView({block: 'center'}); return {ok: true, scrolled: 'to'}; }
        const target = el || document.scrollingElement || document.documentElement;
        const h = el ? el.clientHeight : innerHeight, w = el ? el.clientWidth : innerWidth;
        const d = direction || 'down';
        const moves = {down: [0, h * 0.8], up: [0, -h * 0.8], right: [w * 0.8, 0], left: [-w * 0.8, 0]};
        if (d === 'top') target.scrollTo(0, 0);
        else if (d === 'bottom') target.scrollTo(0, target.scrollHeight);
        else target.scrollBy(moves[d][0], moves[d][1]);
        return {ok: true, scrolled: d, x: Math.round(target.scrollLeft || scrollX), y: Math.round(target.scrollTop || scrollY)};
    }
    function readEl(el) {
        const t = (el.innerText !== undefined ? el.innerText : el.textContent) || '';
        return {ok: true, untrusted: true, role: roleOf(el), name: accName(el), text: t.replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim()};
    }
    function pageHasText(t) {
        const body = document.body ? document.body.innerText || '' : '';
        return squash(body).toLowerCase().includes(squash(t).toLowerCase());
    }
    function settle(quietMs, capMs) {
        return new Promise(resolveP => {
            const start = performance.now();
            let last = start;
            const obs = new MutationObserver(() => { last = performance.now(); });
            obs.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
            const tick = () => {
                const now = performance.now();
                if (now - last >= quietMs || now - start >= capMs) {
                    obs.disconnect();
                    resolveP({settled: now - last >= quietMs, ms: Math.round(now - start)});
                } else setTimeout(tick, 25);
            };
            setTimeout(tick, quietMs);
        });
    }
    function probeNames(selector) {
        readBase();
        return Array.from(document.querySelectorAll(selector)).map(el => {
            const role = roleOf(el);
            const out = {name: accName(el), role: role};
            if (role === 'link') { out.href = hrefOf(el); out.parsed = el.href && el.href.baseVal === undefined ? el.href : null; }
            return out;
        });
    }
    return {scan, resolve, describe, describeEl, clickEl, typeInto, selectIn, checkEl, pressKeys, scrollBy, readEl,
            pageHasText, settle, probeNames, accName, roleOf, isDisabled, routeKey,
            floor: n => { if (n > counter) counter = n; return counter; }, maxUid: () => counter};
    ''')


_API = _build()


def api():
    """The walker's JS object (scan, resolve, describe, actions, settle, probeNames)."""
    return _API

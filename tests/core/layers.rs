//! The workspace's layers: each crate depends only on crates below it and on what its
//! job needs (the compiler refuses an import that runs upward), and inside each crate
//! no two files import each other, directly or around a circle.
//!
//! A file's imports are the `crate::…` and `super::…` paths it names (in `use` lines and
//! inline), each resolved to the deepest module file the path reaches. A parent's own
//! `mod` declarations and re-exports of its children (`pub use child::…`) are how a
//! module shows its face, and are not imports. `cargo test --test core layers -- --nocapture`
//! prints every crate's files, imports and circles.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace's library crates, bottom up, and the binary's source.
const CRATES: [&str; 5] = [
    "crates/delve_levels",
    "crates/delve_rules",
    "crates/bevy_delve",
    "crates/delve_web",
    ".",
];

/// A module path inside a crate (`["run", "fight"]`); the crate root is empty.
type Module = Vec<String>;

/// Every module file under `src`, by its module path.
fn module_files(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut files = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut module: Module = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module == ["main"] {
                // The binary's root only declares `cli` and calls it; the library's
                // root is the crate's root here.
                continue;
            }
            if module == ["lib"] {
                module.clear();
            } else if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            files.insert(module, path);
        }
    }
    files
}

/// `text` without comments and string literals, where words of paths could hide.
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_string = false;
        let mut escaped = false;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if in_string {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
                continue;
            }
            if c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' {
                in_string = true;
            }
            code.push(c);
        }
        code.push('\n');
    }
    code
}

/// The paths `code` names from `crate::` or `super::`, as module paths from the crate
/// root, with `{…}` groups opened (`use crate::a::{b, c::d}` names `a::b` and `a::c::d`).
fn named_paths(code: &str, here: &Module) -> Vec<Vec<String>> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let bytes: Vec<char> = code.chars().collect();
    let mut paths = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !(is_word(bytes[i - 1]) || bytes[i - 1] == '$');
        let rest: String = bytes[i..bytes.len().min(i + 6)].iter().collect();
        if !(starts_word && (rest.starts_with("crate:") || rest.starts_with("super:"))) {
            i += 1;
            continue;
        }
        // Read `seg::seg::…`, stopping before a group.
        let mut segments = Vec::new();
        let mut j = i;
        loop {
            let start = j;
            while j < bytes.len() && is_word(bytes[j]) {
                j += 1;
            }
            segments.push(bytes[start..j].iter().collect::<String>());
            if bytes.get(j) == Some(&':') && bytes.get(j + 1) == Some(&':') {
                j += 2;
                if bytes.get(j).copied().is_some_and(is_word) {
                    continue;
                }
            }
            break;
        }
        let from_root = segments[0] == "crate";
        let mut base: Module = if from_root { Vec::new() } else { here.clone() };
        let mut path = Vec::new();
        for segment in segments.into_iter().skip(usize::from(from_root)) {
            if segment == "super" && path.is_empty() {
                base.pop();
            } else {
                path.push(segment);
            }
        }
        let prefix: Vec<String> = base.into_iter().chain(path).collect();
        if bytes.get(j) == Some(&'{') {
            let mut depth = 1;
            let mut k = j + 1;
            while k < bytes.len() && depth > 0 {
                match bytes[k] {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                k += 1;
            }
            let group: String = bytes[j + 1..k.saturating_sub(1)].iter().collect();
            for item in group.split(|c: char| !(is_word(c) || c == ':')) {
                let item: Vec<String> = item
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect();
                if !item.is_empty() {
                    paths.push(prefix.iter().cloned().chain(item).collect());
                }
            }
            i = k;
        } else {
            paths.push(prefix);
            i = j;
        }
    }
    paths
}

/// Each module file's imports of other files of its crate.
fn import_graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = module_files(src);
    let mut graph = BTreeMap::new();
    for (module, path) in &files {
        let code = code_of(&std::fs::read_to_string(path).unwrap());
        let mut imports = BTreeSet::new();
        for named in named_paths(&code, module) {
            let target = (0..=named.len())
                .rev()
                .map(|n| named[..n].to_vec())
                .find(|prefix| files.contains_key(prefix));
            if let Some(target) = target.filter(|t| t != module) {
                imports.insert(target);
            }
        }
        graph.insert(module.clone(), imports);
    }
    graph
}

/// The circles of `graph`: its strongly connected parts of more than one file (Tarjan).
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Search<'g> {
        graph: &'g BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'g Module, usize>,
        low: BTreeMap<&'g Module, usize>,
        stack: Vec<&'g Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'g> Search<'g> {
        fn visit(&mut self, v: &'g Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in &self.graph[v] {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut part = Vec::new();
                while let Some(w) = self.stack.pop() {
                    part.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    self.found.push(part);
                }
            }
        }
    }
    let mut search = Search {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !search.index.contains_key(v) {
            search.visit(v);
        }
    }
    search.found
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "(root)".to_owned()
    } else {
        module.join("/")
    }
}

#[test]
fn no_crate_has_an_import_circle() {
    let mut report = Vec::new();
    for krate in CRATES {
        let src = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(krate)
            .join("src");
        let graph = import_graph(&src);
        let edges: usize = graph.values().map(BTreeSet::len).sum();
        let found = circles(&graph);
        println!(
            "{krate}: {} files, {edges} imports, {} circles",
            graph.len(),
            found.len()
        );
        for (module, imports) in &graph {
            for import in imports {
                println!("  {} -> {}", name(module), name(import));
            }
        }
        // Every crate has several module files: finding fewer means the finder missed them.
        assert!(
            graph.len() >= 3,
            "{krate}: only {} module files found",
            graph.len()
        );
        for circle in found {
            let names: Vec<String> = circle.iter().map(name).collect();
            report.push(format!("{krate}: {}", names.join(", ")));
        }
    }
    assert!(report.is_empty(), "import circles:\n{}", report.join("\n"));
}

#[test]
fn the_circle_finder_finds_a_circle_through_groups_and_super() {
    let here: Module = vec!["run".into(), "throwing".into()];
    let paths = named_paths(
        &code_of(
            "use super::use_item::{Spent, Slot};\nlet x = crate::view::f(); // crate::records\n",
        ),
        &here,
    );
    assert_eq!(
        paths,
        [
            vec!["run", "use_item", "Spent"],
            vec!["run", "use_item", "Slot"],
            vec!["view", "f"],
        ]
    );
    let module = |m: &str| -> Module { m.split('/').map(str::to_owned).collect() };
    let graph = BTreeMap::from([
        (module("a"), BTreeSet::from([module("b")])),
        (module("b"), BTreeSet::from([module("c")])),
        (module("c"), BTreeSet::from([module("a")])),
        (module("d"), BTreeSet::from([module("a")])),
    ]);
    let found = circles(&graph);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].len(), 3);
}

/// The dependencies a crate's manifest names, for every target (`[dependencies]` and
/// `[target.'cfg(…)'.dependencies]`).
fn dependencies(krate: &str) -> BTreeSet<String> {
    let manifest = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(krate)
            .join("Cargo.toml"),
    )
    .unwrap();
    let mut in_dependencies = false;
    let mut names = BTreeSet::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]"
                || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
            continue;
        }
        if in_dependencies && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap();
            names.insert(name.to_owned());
        }
    }
    names
}

#[test]
fn each_crate_depends_only_on_the_layers_below_and_what_its_job_needs() {
    let set = |names: &[&str]| -> BTreeSet<String> { names.iter().map(|&n| n.into()).collect() };
    // The generators: what the algorithms need, nothing a game would not want.
    assert_eq!(
        dependencies("crates/delve_levels"),
        set(&["crc32fast", "rand", "rand_pcg", "ron", "serde"])
    );
    // The rules: the generators, and files, dates and the data folder for the records.
    let rules = dependencies("crates/delve_rules");
    assert!(rules.contains("delve_levels"));
    for engine in [
        "bevy",
        "bevy_delve",
        "clap",
        "rayon",
        "plotters",
        "indicatif",
    ] {
        assert!(
            !rules.contains(engine),
            "the rules crate depends on {engine}"
        );
    }
    let plugins = dependencies("crates/bevy_delve");
    assert!(plugins.contains("bevy") && plugins.contains("delve_rules"));
    for tool in ["delve", "clap", "rayon", "plotters", "indicatif"] {
        assert!(!plugins.contains(tool), "the Bevy crate depends on {tool}");
    }
    // The browser build: the plugins and the page, none of the desktop's extras (they
    // do not build for wasm32, or have nothing to do there).
    let web = dependencies("crates/delve_web");
    assert!(web.contains("bevy_delve") && web.contains("web-sys"));
    for desktop in [
        "delve",
        "clap",
        "rayon",
        "plotters",
        "indicatif",
        "mimalloc",
        "directories",
    ] {
        assert!(!web.contains(desktop), "the web crate depends on {desktop}");
    }
}

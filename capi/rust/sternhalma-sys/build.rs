// Finds or builds libsternhalma, in this order:
//
// 1. STERNHALMA_LIB_DIR: a directory holding libsternhalma.so (a relative
//    path is read from the folder cargo was started in, then from this
//    crate's folder); linked dynamically. The library is copied into
//    OUT_DIR: a dependency's build script cannot give its dependents an
//    rpath (rustc-link-arg stays in this crate), but `cargo run` and
//    `cargo test` put link-search folders inside OUT_DIR on the loader's
//    path. A program run on its own needs LD_LIBRARY_PATH (or ldconfig).
// 2. pkg-config finds `sternhalma` (after `meson install`; PKG_CONFIG_PATH
//    for a prefix): linked dynamically, with an rpath for this crate's own
//    targets (as in 1, a dependent's programs need the loader to find it).
// 3. The C++ sources: `_src/` of a packaged crate (scripts/release.sh
//    vendors them there, as the Python sdist carries them), else three
//    folders up (this crate lives in capi/rust/sternhalma-sys of the
//    repository). Meson builds the static library into OUT_DIR with
//    -Dtests=false -Dbench=false, and it is linked statically (Abseil and
//    the C++ runtime stay shared system libraries).
//
// When none works it stops with a message that names the fixes.
//
// With DOCS_RS set (docs.rs, docs/tools/rust.sh) it links nothing: rustdoc
// reads the declarations and never links, so the docs build needs no library.
use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const FIX: &str = "\
sternhalma: libsternhalma was not found and could not be built. Any one of these fixes it:
  - install Meson, Ninja, g++, pkg-config and Abseil so that this build can compile the library
    from the source tree (Debian: apt-get install meson ninja-build g++ pkg-config libabsl-dev);
  - install the library (meson setup build -Dtests=false -Dbench=false && meson install -C build)
    and, for a prefix other than /usr or /usr/local, point PKG_CONFIG_PATH at its
    lib/<multiarch>/pkgconfig folder;
  - set STERNHALMA_LIB_DIR to a folder holding libsternhalma.so (e.g. build/capi of a Meson build).";

fn main() {
    println!("cargo:rerun-if-env-changed=STERNHALMA_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=DOCS_RS");
    if env::var_os("DOCS_RS").is_some() {
        return;
    }
    if let Some(dir) = env::var_os("STERNHALMA_LIB_DIR") {
        return link_copy(&lib_dir(Path::new(&dir)));
    }
    if pkg_config() {
        return;
    }
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let tries = [manifest.join("_src"), manifest.join("../../..")];
    match tries.iter().find(|src| is_source(src)) {
        Some(src) => build_from_source(&src.canonicalize().unwrap_or_else(|_| src.clone())),
        None => fail(&format!(
            "no sternhalma sources in {} or {} and no installed library",
            tries[0].display(),
            tries[1].display()
        )),
    }
}

/// A folder whose meson.build is sternhalma's top one.
fn is_source(dir: &Path) -> bool {
    std::fs::read_to_string(dir.join("meson.build"))
        .map(|t| t.contains("project('sternhalma'"))
        .unwrap_or(false)
}

fn fail(why: &str) -> ! {
    eprintln!("error: {why}\n{FIX}");
    panic!("{why}\n{FIX}");
}

/// STERNHALMA_LIB_DIR, made absolute: relative to where cargo was started
/// (PWD), else to this crate's folder; it must hold the library.
fn lib_dir(dir: &Path) -> PathBuf {
    let mut tries = vec![dir.to_path_buf()];
    if dir.is_relative() {
        tries.clear();
        if let Some(pwd) = env::var_os("PWD") {
            tries.push(Path::new(&pwd).join(dir));
        }
        if let Some(m) = env::var_os("CARGO_MANIFEST_DIR") {
            tries.push(Path::new(&m).join(dir));
        }
    }
    for d in &tries {
        if d.join("libsternhalma.so").exists() || d.join("libsternhalma.so.0").exists() {
            return d.canonicalize().unwrap_or_else(|_| d.clone());
        }
    }
    let looked: Vec<String> = tries.iter().map(|d| d.display().to_string()).collect();
    fail(&format!("STERNHALMA_LIB_DIR={} holds no libsternhalma.so (looked in {})", dir.display(), looked.join(", ")));
}

/// Copies libsternhalma.so* of `dir` into OUT_DIR/lib and links it from there.
fn link_copy(dir: &Path) {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("lib");
    if let Err(e) = std::fs::create_dir_all(&out) {
        fail(&format!("cannot create {}: {e}", out.display()));
    }
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", dir.display())));
    for e in entries.flatten() {
        let name = e.file_name();
        if name.to_string_lossy().starts_with("libsternhalma.so") && e.path().is_file() {
            println!("cargo:rerun-if-changed={}", e.path().display());
            // fs::copy follows symbolic links: each name becomes a plain copy.
            if let Err(err) = std::fs::copy(e.path(), out.join(&name)) {
                fail(&format!("cannot copy {}: {err}", e.path().display()));
            }
        }
    }
    println!("cargo:rustc-link-search=native={}", out.display());
    // This crate's own tests and examples also get an rpath.
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", out.display());
    println!("cargo:rustc-link-lib=dylib=sternhalma");
}

/// Links what `pkg-config --libs sternhalma` names; false when it finds none.
fn pkg_config() -> bool {
    let out = match Command::new("pkg-config").args(["--libs", "sternhalma"]).output() {
        Ok(o) if o.status.success() => o,
        _ => return false,
    };
    for flag in String::from_utf8_lossy(&out.stdout).split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
            println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
        } else if let Some(lib) = flag.strip_prefix("-l") {
            println!("cargo:rustc-link-lib=dylib={lib}");
        }
    }
    true
}

fn run(cmd: &mut Command) {
    let shown = format!("{cmd:?}");
    match cmd.output() {
        Ok(o) if o.status.success() => {}
        Ok(o) => {
            let text = String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
            let tail: String = text.chars().rev().take(3000).collect::<Vec<_>>().into_iter().rev().collect();
            fail(&format!("{shown} failed:\n{tail}"));
        }
        Err(e) => fail(&format!("{shown} could not start: {e}")),
    }
}

/// Meson builds the static library into OUT_DIR; links it and what its
/// uninstalled pkg-config file says it needs.
fn build_from_source(src: &Path) {
    for dir in ["lib", "include", "cli", "cmake", "meson.build", "meson_options.txt"] {
        println!("cargo:rerun-if-changed={}", src.join(dir).display());
    }
    // capi/ itself holds the crates (and maybe their target folder): only its sources.
    if let Ok(entries) = std::fs::read_dir(src.join("capi")) {
        for e in entries.flatten() {
            if e.path().is_file() {
                println!("cargo:rerun-if-changed={}", e.path().display());
            }
        }
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let build = out.join("meson");
    let meson = env::var_os("STERNHALMA_MESON").map(PathBuf::from).unwrap_or_else(|| "meson".into());
    if !build.join("build.ninja").exists() {
        run(Command::new(&meson).arg("setup").arg(&build).arg(src)
            .args(["-Dtests=false", "-Dbench=false", "-Ddefault_library=static", "-Dbuildtype=release"])
            .env_remove("PYTHONPATH"));
    }
    run(Command::new(&meson).arg("compile").arg("-C").arg(&build).arg("capi/sternhalma:static_library"));
    println!("cargo:rustc-link-search=native={}", build.join("capi").display());
    println!("cargo:rustc-link-lib=static=sternhalma");
    // Abseil, as the library's own pkg-config file lists it.
    let pc = Command::new("pkg-config")
        .args(["--static", "--libs", "sternhalma-uninstalled"])
        .env("PKG_CONFIG_PATH", build.join("meson-uninstalled"))
        .output();
    match pc {
        Ok(o) if o.status.success() => {
            for flag in String::from_utf8_lossy(&o.stdout).split_whitespace() {
                if let Some(dir) = flag.strip_prefix("-L") {
                    println!("cargo:rustc-link-search=native={dir}");
                } else if let Some(lib) = flag.strip_prefix("-l") {
                    if lib != "sternhalma" {
                        println!("cargo:rustc-link-lib={lib}");
                    }
                } else if flag.starts_with("-pthread") {
                    println!("cargo:rustc-link-lib=pthread");
                }
            }
        }
        _ => fail("pkg-config could not list the libraries libsternhalma needs (Abseil)"),
    }
    println!("cargo:rustc-link-lib=stdc++");
}

// Finds libsternhalma: STERNHALMA_LIB_DIR (a directory holding
// libsternhalma.so), else pkg-config (after `meson install`), else the
// system linker path.
use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=STERNHALMA_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    if let Ok(dir) = env::var("STERNHALMA_LIB_DIR") {
        println!("cargo:rustc-link-search=native={dir}");
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
        println!("cargo:rustc-link-lib=dylib=sternhalma");
        return;
    }
    if let Ok(out) = Command::new("pkg-config").args(["--libs", "sternhalma"]).output() {
        if out.status.success() {
            for flag in String::from_utf8_lossy(&out.stdout).split_whitespace() {
                if let Some(dir) = flag.strip_prefix("-L") {
                    println!("cargo:rustc-link-search=native={dir}");
                    println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
                } else if let Some(lib) = flag.strip_prefix("-l") {
                    println!("cargo:rustc-link-lib=dylib={lib}");
                }
            }
            return;
        }
    }
    println!("cargo:rustc-link-lib=dylib=sternhalma");
}

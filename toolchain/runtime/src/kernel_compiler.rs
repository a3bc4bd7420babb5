//! The kernel compiler (sycl_ext_oneapi_kernel_compiler, `source_language::sycl`): builds a
//! source string of free function kernels into a shared library, loads it, and reads the table
//! of its kernels (docs/kernel-compiler.md).
//!
//! A build is three steps in a temporary directory holding the source and its include files:
//! `ncpu++ --print-free-function-kernels` lists the kernels the source defines (the `extern "C"`
//! ones are found this way; the others only through registered names, which are C++
//! expressions); a registration file including the source names each kernel in a table
//! (`__ncpu_compiled_kernels`: what the name was, the kernel's registered name, the function, its
//! kernel object binder); `ncpu++ -fsycl -shared -fPIC` builds it. The library is loaded with
//! `dlopen` (its registration constructor hands its kernels to this runtime, as any library
//! `ncpu++` links does) and stays loaded until the process ends: kernel objects of it may outlive
//! the bundle that made them, and nothing tracks them. Each build defines `__NCPU_KERNEL_BUILD`
//! to a number of its own, which the headers put into the kernels' names, so that two sources
//! defining the same `extern "C"` kernel do not register the same kernel name.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::path::{Component, Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use crate::registry;

/// The table the registration file defines in the library.
const TABLE_SYMBOL: &CStr = c"__ncpu_compiled_kernels";

/// The files a build writes beside the include files: the source, the registration file, the
/// library.
const SOURCE_FILE: &str = "source.cpp";
const REGISTRATION_FILE: &str = "kernels.cpp";
const LIBRARY_FILE: &str = "kernels.so";
const BUILD_FILES: [&str; 3] = [SOURCE_FILE, REGISTRATION_FILE, LIBRARY_FILE];

/// Overrides the `ncpu++` the kernel compiler runs.
pub const DRIVER_VARIABLE: &str = "NCPU_CXX";

/// The `ncpu++` that linked the program, which its constructor records.
static RECORDED_DRIVER: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Numbers the builds of this process (`__NCPU_KERNEL_BUILD`; 0 is the program's own kernels).
static NEXT_BUILD: AtomicU64 = AtomicU64::new(1);

/// Records the `ncpu++` that linked the program (called by the program's constructor).
pub fn record_driver(path: PathBuf) {
    let mut recorded = RECORDED_DRIVER.lock().unwrap_or_else(|e| e.into_inner());
    recorded.get_or_insert(path);
}

/// What a build was asked to do.
#[derive(Debug, Default)]
pub struct Request {
    /// The source string.
    pub source: String,
    /// The `include_files` property: (name, content) pairs.
    pub include_files: Vec<(String, String)>,
    /// The `build_options` property: flags for `ncpu++`.
    pub options: Vec<String>,
    /// The `registered_names` property: C++ expressions naming kernel functions.
    pub registered_names: Vec<String>,
}

/// Why a build produced no kernels.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The request itself is wrong (`errc::invalid`): an include file's name, an option.
    #[error("{0}")]
    Invalid(String),
    /// Compiling or loading failed (`errc::build`); the text is the build log.
    #[error("{0}")]
    Failed(String),
}

/// What a raw kernel name starts with before the function's symbol, as in DPC++, whose raw names
/// programs print and compare (docs/kernel-compiler.md, "How a build works").
pub const RAW_NAME_PREFIX: &str = "__sycl_kernel_";

/// One kernel of a built library.
#[derive(Debug, Clone)]
pub struct BuiltKernel {
    /// The name the program asks for it by: the registered expression, or the `extern "C"` name.
    pub name: String,
    /// The name its kernel is registered under in this runtime.
    pub kernel_name: String,
    /// The function's symbol name after [`RAW_NAME_PREFIX`] (`ext_oneapi_get_raw_kernel_name`).
    pub raw_name: String,
    /// The headers' kernel object binder, opaque here.
    pub binder: *const c_void,
    /// The function's parameter count.
    pub argument_count: c_int,
}

/// A built and loaded source.
#[derive(Debug)]
pub struct Built {
    /// What `ncpu++` printed (warnings); empty for a quiet build.
    pub log: String,
    /// Its kernels, in the table's order.
    pub kernels: Vec<BuiltKernel>,
}

/// `struct __nativecpu_compiled_kernel`: one row of the table the registration file defines.
#[repr(C)]
struct TableRow {
    name: *const c_char,
    kernel_name: *const c_char,
    function: *const c_void,
    binder: *const c_void,
    argument_count: c_int,
}

/// Builds and loads `request`'s source.
pub fn build(request: &Request) -> Result<Built, BuildError> {
    let directory = tempfile::Builder::new()
        .prefix("ncpu-kernel-compiler-")
        .tempdir()
        .map_err(|error| BuildError::Failed(format!("cannot make a build directory: {error}")))?;
    write_sources(directory.path(), request)?;
    let driver = driver()?;
    // The listing's warnings come again from the library's build, whose output is the log.
    let listing = run_driver(&driver, directory.path(), &listing_args(request))?;
    let extern_c: Vec<&str> = listing
        .stdout
        .lines()
        .filter(|name| !name.starts_with("_Z"))
        .collect();
    let registration = registration_source(&extern_c, &request.registered_names);
    write_file(&directory.path().join(REGISTRATION_FILE), &registration)?;
    let build = NEXT_BUILD.fetch_add(1, Ordering::Relaxed);
    let library = run_driver(&driver, directory.path(), &library_args(request, build))?;
    let kernels = load(&directory.path().join(LIBRARY_FILE))?;
    Ok(Built {
        log: library.stderr,
        kernels,
    })
}

/// Writes the source and the include files, refusing names that leave the build directory.
fn write_sources(directory: &Path, request: &Request) -> Result<(), BuildError> {
    write_file(&directory.join(SOURCE_FILE), &request.source)?;
    for (name, content) in &request.include_files {
        let relative = Path::new(name);
        let inside = !name.is_empty()
            && relative
                .components()
                .all(|component| matches!(component, Component::Normal(_)));
        if !inside {
            return Err(BuildError::Invalid(format!(
                "include file name '{name}' must be a relative path without '..'"
            )));
        }
        if BUILD_FILES.contains(&name.as_str()) {
            return Err(BuildError::Invalid(format!(
                "include file name '{name}' is taken by the build's own files ({})",
                BUILD_FILES.join(", ")
            )));
        }
        let path = directory.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|error| BuildError::Failed(format!("{}: {error}", parent.display())))?;
        }
        write_file(&path, content)?;
    }
    Ok(())
}

fn write_file(path: &Path, text: &str) -> Result<(), BuildError> {
    std::fs::write(path, text)
        .map_err(|error| BuildError::Failed(format!("{}: {error}", path.display())))
}

/// The `ncpu++` to run: `NCPU_CXX`, else the one that linked the program, else `ncpu++` on the
/// `PATH`.
fn driver() -> Result<PathBuf, BuildError> {
    if let Some(path) = std::env::var_os(DRIVER_VARIABLE).filter(|value| !value.is_empty()) {
        return Ok(PathBuf::from(path));
    }
    let recorded = RECORDED_DRIVER
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clone();
    if let Some(path) = recorded.filter(|path| path.exists()) {
        return Ok(path);
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|directory| directory.join("ncpu++"))
        .find(|candidate| candidate.exists());
    on_path.ok_or_else(|| {
        BuildError::Failed(format!(
            "cannot find ncpu++ to compile the kernel source: the program was not linked by ncpu++ \
             (or it has moved), none is on the PATH, and {DRIVER_VARIABLE} is not set"
        ))
    })
}

fn listing_args(request: &Request) -> Vec<String> {
    let mut args = vec![
        "-fsycl".to_owned(),
        "--print-free-function-kernels".to_owned(),
    ];
    args.extend(request.options.iter().cloned());
    // The annotations are there unoptimised, and parsing is most of the time anyway.
    args.extend(["-O0", SOURCE_FILE].map(str::to_owned));
    args
}

fn library_args(request: &Request, build: u64) -> Vec<String> {
    let mut args: Vec<String> = ["-fsycl", "-shared", "-fPIC", "-O2"]
        .map(str::to_owned)
        .to_vec();
    args.push(format!("-D__NCPU_KERNEL_BUILD={build}"));
    args.extend(request.options.iter().cloned());
    args.extend([REGISTRATION_FILE, "-o", LIBRARY_FILE].map(str::to_owned));
    args
}

/// What a successful `ncpu++` run printed.
struct DriverOutput {
    stdout: String,
    stderr: String,
}

/// Runs `ncpu++` in the build directory. A failure is its standard error (the build log), or
/// `Invalid` when `ncpu++` refused an option.
fn run_driver(
    driver: &Path,
    directory: &Path,
    args: &[String],
) -> Result<DriverOutput, BuildError> {
    let output = Command::new(driver)
        .args(args)
        .current_dir(directory)
        .output()
        .map_err(|error| BuildError::Failed(format!("{}: {error}", driver.display())))?;
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if output.status.success() {
        return Ok(DriverOutput {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr,
        });
    }
    // ncpu++ refuses a command line with one line of its own, before running any compiler;
    // compile errors come from clang, with ncpu++'s "failed" line last.
    let refused_command_line = stderr.lines().count() == 1
        && stderr.starts_with("ncpu++: error: ")
        && !stderr.contains(" failed with exit code ");
    if refused_command_line {
        Err(BuildError::Invalid(format!(
            "invalid build option: {}",
            stderr.trim_end()
        )))
    } else {
        Err(BuildError::Failed(stderr))
    }
}

/// The registration file: the source, then one table row per kernel. Names are written as
/// byte arrays, which need no escaping.
fn registration_source(extern_c: &[&str], registered: &[String]) -> String {
    let mut text = format!(
        "#include \"{SOURCE_FILE}\"\n\
         #include <sycl/ext/oneapi/experimental/free_function_traits.hpp>\n\
         namespace __ncpu_kernel_compiler {{\n"
    );
    let names: Vec<(&str, String)> = extern_c
        .iter()
        .map(|name| (*name, format!("::{name}")))
        .chain(registered.iter().map(|name| (name.as_str(), name.clone())))
        .collect();
    for (index, (name, expression)) in names.iter().enumerate() {
        let bytes: Vec<String> = name.bytes().map(|byte| byte.to_string()).collect();
        text.push_str(&format!(
            "constexpr char name_{index}[] = {{{}, 0}};\nconstexpr auto *kernel_{index} =\n{expression}\n;\n",
            bytes.join(", ")
        ));
    }
    text.push_str(
        "}\nextern \"C\" const __nativecpu_compiled_kernel __ncpu_compiled_kernels[] = {\n",
    );
    for index in 0..names.len() {
        text.push_str(&format!(
            "  ::sycl::ext::oneapi::experimental::detail::compiled_kernel<__ncpu_kernel_compiler::kernel_{index}>(\
             __ncpu_kernel_compiler::name_{index}),\n"
        ));
    }
    text.push_str("  {nullptr, nullptr, nullptr, nullptr, 0}};\n");
    text
}

/// Loads the library and reads its table.
fn load(library: &Path) -> Result<Vec<BuiltKernel>, BuildError> {
    let path = CString::new(library.as_os_str().as_encoded_bytes())
        .map_err(|_| BuildError::Failed(format!("{}: NUL in path", library.display())))?;
    // Its kernels have no kernel ids: the registry does not list them.
    let handle = registry::loading_built_source(|| {
        // SAFETY: `path` is a NUL-terminated string; loading runs the library's constructors,
        // which are those `ncpu++` links into every library (registration with this runtime).
        unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) }
    });
    if handle.is_null() {
        return Err(BuildError::Failed(format!(
            "cannot load the built library: {}",
            dl_error()
        )));
    }
    // SAFETY: `handle` is a live handle (never closed) and the symbol name is NUL-terminated.
    let table = unsafe { libc::dlsym(handle, TABLE_SYMBOL.as_ptr()) } as *const TableRow;
    if table.is_null() {
        return Err(BuildError::Failed(format!(
            "the built library has no kernel table: {}",
            dl_error()
        )));
    }
    let mut kernels = Vec::new();
    for index in 0.. {
        // SAFETY: the registration file ends the table with a row whose name is null, and the
        // library stays loaded, so every row up to it is readable.
        let row = unsafe { &*table.add(index) };
        if row.name.is_null() {
            break;
        }
        kernels.push(kernel_of(row));
    }
    Ok(kernels)
}

fn kernel_of(row: &TableRow) -> BuiltKernel {
    // SAFETY: the registration file fills `name` and `kernel_name` with string literals and
    // constant names, which live as long as the library (forever).
    let (name, kernel_name) = unsafe {
        (
            CStr::from_ptr(row.name).to_string_lossy().into_owned(),
            CStr::from_ptr(row.kernel_name)
                .to_string_lossy()
                .into_owned(),
        )
    };
    let symbol = symbol_name(row.function).unwrap_or_else(|| name.clone());
    BuiltKernel {
        raw_name: format!("{RAW_NAME_PREFIX}{symbol}"),
        name,
        kernel_name,
        binder: row.binder,
        argument_count: row.argument_count,
    }
}

/// The name of the dynamic symbol at `address` (the kernel function's, its raw name).
fn symbol_name(address: *const c_void) -> Option<String> {
    let mut info: libc::Dl_info = empty_dl_info();
    // SAFETY: `info` is a writable Dl_info; dladdr only reads the address.
    let found = unsafe { libc::dladdr(address, &mut info) };
    if found == 0 || info.dli_sname.is_null() || info.dli_saddr.cast_const() != address {
        return None;
    }
    // SAFETY: dladdr set `dli_sname` to a NUL-terminated name in the loaded library.
    Some(
        unsafe { CStr::from_ptr(info.dli_sname) }
            .to_string_lossy()
            .into_owned(),
    )
}

fn empty_dl_info() -> libc::Dl_info {
    libc::Dl_info {
        dli_fname: std::ptr::null(),
        dli_fbase: std::ptr::null_mut(),
        dli_sname: std::ptr::null(),
        dli_saddr: std::ptr::null_mut(),
    }
}

fn dl_error() -> String {
    // SAFETY: dlerror returns null or a NUL-terminated message owned by libc.
    let message = unsafe { libc::dlerror() };
    if message.is_null() {
        "unknown error".to_owned()
    } else {
        // SAFETY: non-null, NUL-terminated (above).
        unsafe { CStr::from_ptr(message) }
            .to_string_lossy()
            .into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registration_names_each_kernel_once_in_the_table() {
        let text = registration_source(&["iota"], &["b<\"é\">".to_owned()]);
        assert!(text
            .contains("name_0[] = {105, 111, 116, 97, 0};\nconstexpr auto *kernel_0 =\n::iota\n;"));
        assert!(text.contains("name_1[] = {98, 60, 34, 195, 169, 34, 62, 0};"));
        assert!(text.contains("kernel_1 =\nb<\"é\">\n;"));
        assert!(text.contains(
            "compiled_kernel<__ncpu_kernel_compiler::kernel_1>(__ncpu_kernel_compiler::name_1)"
        ));
        assert!(text.ends_with("{nullptr, nullptr, nullptr, nullptr, 0}};\n"));
    }

    #[test]
    fn include_names_must_stay_in_the_build_directory() {
        let directory = tempfile::tempdir().expect("temporary directory");
        for name in ["../up.h", "/etc/passwd", "", "source.cpp"] {
            let request = Request {
                include_files: vec![(name.to_owned(), String::new())],
                ..Request::default()
            };
            assert!(matches!(
                write_sources(directory.path(), &request),
                Err(BuildError::Invalid(_))
            ));
        }
        let request = Request {
            include_files: vec![("sub/dir.h".to_owned(), "int x;".to_owned())],
            ..Request::default()
        };
        write_sources(directory.path(), &request).expect("nested include file");
        assert!(directory.path().join("sub/dir.h").exists());
    }
}

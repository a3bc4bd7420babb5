/*
 * The C ABI of the Native CPU runtime (crate toolchain/runtime), as seen by the SYCL headers and
 * by the offload wrapper's registration functions. Every program built by ncpu++ links the
 * runtime statically; nothing here is exported from the device object.
 *
 * Dimensions: the runtime works in the device's x/y/z order, where x (index 0) is the
 * fastest-varying dimension. SYCL's dimension D-1 is x; the headers reverse ranges for us.
 */
#ifndef NATIVECPU_RUNTIME_H
#define NATIVECPU_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Registration (reference intel-llvm-native-cpu.md section 3.2) ---------------------- */

/* _sycl_offload_entry_struct */
struct __ncpu_offload_entry {
  void *addr;
  const char *name;
  size_t size;
  int32_t flags;
  int32_t reserved;
};

/* _sycl_device_binary_property_struct */
struct __ncpu_device_binary_property {
  const char *name;
  void *value_addr;
  uint32_t type; /* 1 = uint32 (value in value_size), 2 = byte array (8-byte bit-count header) */
  uint64_t value_size;
};

/* _sycl_device_binary_property_set_struct */
struct __ncpu_device_binary_property_set {
  const char *name;
  struct __ncpu_device_binary_property *properties_begin;
  struct __ncpu_device_binary_property *properties_end;
};

/* sycl_device_binary_struct, wrapper version 2 */
struct __ncpu_device_binary {
  uint16_t version;
  uint8_t kind;
  uint8_t format;
  const char *device_target_spec;
  const char *compile_options;
  const char *link_options;
  const unsigned char *manifest_start;
  const unsigned char *manifest_end;
  const unsigned char *binary_start;
  const unsigned char *binary_end;
  struct __ncpu_offload_entry *entries_begin;
  struct __ncpu_offload_entry *entries_end;
  struct __ncpu_device_binary_property_set *property_sets_begin;
  struct __ncpu_device_binary_property_set *property_sets_end;
};

/* sycl_device_binaries_struct, version 1 */
struct __ncpu_device_binaries {
  uint16_t version;
  uint16_t num_device_binaries;
  struct __ncpu_device_binary *device_binaries;
  struct __ncpu_offload_entry *host_entries_begin;
  struct __ncpu_offload_entry *host_entries_end;
};

/* The element type of a native_cpu image's binary: {name, subhandler}, ended by a null
 * subhandler (the wrapper writes {"__nativecpu_end", NULL}). */
struct __nativecpu_entry {
  const char *kernel_name;
  const unsigned char *kernel_ptr;
};

void __sycl_register_lib(struct __ncpu_device_binaries *desc);
void __sycl_unregister_lib(struct __ncpu_device_binaries *desc);

/* ---- Kernels and launches ---------------------------------------------------------------- */

/* The work-item state, the Unified Runtime Native CPU adapter's layout (section 4.1). ABI. */
struct __nativecpu_state {
  size_t global_id[3];
  size_t global_range[3];
  size_t work_group_size[3];
  size_t work_group_id[3];
  size_t local_id[3];
  size_t num_groups[3];
  size_t global_offset[3];
  uint32_t num_sub_groups;
  uint32_t sub_group_id;
  uint32_t sub_group_local_id;
  uint32_t sub_group_size;
};

/* A compiled kernel entry: called once per work-group with the group ids set in the state. */
typedef void (*__nativecpu_subhandler)(void *const *args, struct __nativecpu_state *state);

/* Launch description. local_size all zero means "a range kernel": the runtime chooses the
 * work-group shape (it is unobservable by the kernel). */
struct __nativecpu_launch_info {
  uint32_t dims;              /* 1..3 */
  size_t global_size[3];      /* x, y, z; unused dimensions are 1 */
  size_t local_size[3];       /* x, y, z; all 0 for a range kernel */
  size_t global_offset[3];    /* x, y, z */
  void *const *args;          /* args[i]: pointer parameters as is, others point at the value */
  size_t num_args;
  /* Bytes of work-group local memory (local accessors) each work-group needs; 0 for none. The
   * runtime gives every worker thread its own block of this size, aligned to 128 bytes and reused
   * for each work-group the thread runs, and passes it to the subhandler as the extra argument
   * args[num_args]. */
  size_t local_memory_size;
  /* NULL, or an array of num_args sizes, for DPC++-style local-memory arguments (a kernel
   * parameter `ptr addrspace(3)`, UR's urKernelSetArgLocal). For each i with a non-zero size,
   * every worker thread gets its own block of that many bytes, aligned to 128 bytes, reused for
   * each work-group the thread runs and kept per thread across launches like the
   * local_memory_size block; the subhandler receives it as args[i] in place of the launch's
   * args[i] (whose value is ignored and may be anything). Zero entries are ordinary
   * arguments. The sum of these sizes and local_memory_size is the launch's local memory per
   * work-group, limited by __nativecpu_local_memory_size(). Appended after local_memory_size;
   * a zero-initialised struct has none. */
  const size_t *local_argument_sizes;
};

/* What __nativecpu_launch returns. */
enum __nativecpu_result {
  NATIVECPU_SUCCESS = 0,
  NATIVECPU_ERROR_INVALID_KERNEL = 1,   /* no kernel of that name is registered, or its image was refused */
  NATIVECPU_ERROR_INVALID_ND_RANGE = 2, /* bad dimensions, local size or reqd_work_group_size */
  NATIVECPU_ERROR_OUT_OF_RESOURCES = 3, /* more local memory than the device has */
  NATIVECPU_ERROR_RUNTIME = 4,          /* anything else */
};

/* The subhandler registered under `kernel_name`, or NULL. */
__nativecpu_subhandler __nativecpu_find_kernel(const char *kernel_name);

/* Writes the names of the registered kernels (at most `capacity`, in byte order) to names[]
 * and returns how many kernels are registered; names may be NULL to get the count. Each name
 * stays valid until its kernel is unregistered. */
size_t __nativecpu_kernel_names(const char **names, size_t capacity);

/* Runs the kernel over the whole range on the thread pool and returns when every work-group has
 * finished. Returns NATIVECPU_SUCCESS, or an error code and __nativecpu_last_error() describes
 * it. nd_range launches are checked: global divisible by local, local size at most
 * __nativecpu_max_work_group_size() items, local memory at most __nativecpu_local_memory_size()
 * bytes (local_memory_size plus all local_argument_sizes), and the local size equal to the
 * kernel's reqd_work_group_size if its image says so. */
int __nativecpu_launch(const char *kernel_name, const struct __nativecpu_launch_info *launch);

/* Specialization constants are emulated: a kernel that reads them receives a buffer holding
 * their values (the kernel_handler argument), laid out as its image's
 * [SYCL/specialization constants] properties describe. This gives the buffer's size in *size
 * (0 if the kernel's image has no constants). Returns NATIVECPU_SUCCESS or an error code. */
int __nativecpu_spec_constants_size(const char *kernel_name, size_t *size);

/* Fills `buffer` (`capacity` bytes, at least the size above, aligned for any type) with the
 * defaults of the kernel's constants, then with the `count` values the program set:
 * symbolic_ids[i] names the constant (the string the device code passes), values[i] points at
 * its sizes[i] bytes. Values for constants the image does not use are ignored; a value of the
 * wrong size is an error. */
int __nativecpu_spec_constants_fill(const char *kernel_name, size_t count,
                                    const char *const *symbolic_ids, const void *const *values,
                                    const size_t *sizes, void *buffer, size_t capacity);

/* The device's name (0), vendor (1), version (2) or platform name (3); NULL otherwise. */
const char *__nativecpu_device_string(int what);

/* Whether ONEAPI_DEVICE_SELECTOR (DPC++'s device filter, e.g. "native_cpu:cpu") lets the
 * device through: 1 yes (also when unset), 0 no, -1 malformed (see __nativecpu_last_error). */
int __nativecpu_device_selected(void);

/* Checks a launch as __nativecpu_launch would (kernel, ranges, local memory,
 * reqd_work_group_size) without running it: the SYCL headers reject bad command groups when
 * they are submitted, then run them asynchronously. */
int __nativecpu_check_launch(const char *kernel_name, const struct __nativecpu_launch_info *launch);

/* Asynchronous commands. A task runs run(data) on one of the runtime's executor threads once the
 * `count` tasks in `dependencies` have completed. The returned handle belongs to the caller. */
typedef struct __nativecpu_task __nativecpu_task;
__nativecpu_task *__nativecpu_task_submit(void (*run)(void *data), void *data,
                                          __nativecpu_task *const *dependencies, size_t count);
/* As __nativecpu_task_submit, but the task is held: it also waits for one call of
 * __nativecpu_task_open (later calls do nothing). A host accessor's place among its buffer's
 * commands (docs/runtime-ordering.md). */
__nativecpu_task *__nativecpu_task_submit_held(void (*run)(void *data), void *data,
                                               __nativecpu_task *const *dependencies, size_t count);
void __nativecpu_task_open(__nativecpu_task *task);
/* Blocks until the task has completed. */
void __nativecpu_task_wait(__nativecpu_task *task);
/* 0 submitted, 1 running, 2 complete. */
int __nativecpu_task_status(__nativecpu_task *task);
/* The submit, start and end times in nanoseconds on one monotonic clock (0 = not yet). */
void __nativecpu_task_times(__nativecpu_task *task, uint64_t times[3]);
void __nativecpu_task_retain(__nativecpu_task *task);
void __nativecpu_task_release(__nativecpu_task *task);

/* The message of the calling thread's last failed runtime call ("" if none). */
const char *__nativecpu_last_error(void);

/* Number of worker threads launches use (NATIVECPU_THREADS, else all cores). */
size_t __nativecpu_thread_count(void);

/* ThreadSanitizer's __tsan_acquire and __tsan_release, for the runtime to declare that a launch's
   arguments reach the threads running its groups and that those groups finish before the launch
   returns (docs/sanitizers.md). Registered by the headers when compiled with -fsanitize=thread. */
void __nativecpu_set_tsan_hooks(void (*acquire)(void *), void (*release)(void *));

/* The SYCL address space (sycl::access::address_space: 0 private, 1 global, 3 local) the
   calling thread's pointer points into: 3 inside the local-memory block of the launch the thread
   runs groups of, 0 on the thread's stack, else 1. Called by the device library's dynamic
   address space casts (docs/kernel-features.md, "Dynamic address space casts"). */
uint32_t __nativecpu_address_space_of(const void *pointer);

/* The largest work-group (in work-items) an nd_range launch may use. */
size_t __nativecpu_max_work_group_size(void);

/* The most work-group local memory (bytes) a launch may ask for. */
size_t __nativecpu_local_memory_size(void);

/* The host's physical memory (the device's global memory), its last-level cache and the cache
   line, in bytes, as the C library reports them (0, 0 and 64 where it does not). The runtime
   asks, so that the headers need not include <unistd.h>, whose read/write/close would clash
   with programs' own names. */
uint64_t __nativecpu_global_memory_size(void);
uint64_t __nativecpu_global_memory_cache_size(void);
uint32_t __nativecpu_global_memory_cache_line_size(void);

/* Bytes of the CPU's widest vector register: 64 with AVX-512, 32 with AVX, 16 otherwise. The
   device's vector widths and primary sub-group size come from it, so that they describe the
   CPU the kernels were compiled for (-march=native), not the host compilation's target. */
uint32_t __nativecpu_vector_register_bytes(void);

/* What the compiler decided about a kernel, from the metadata note it left in the device
 * object (docs/formats.md, "Kernel metadata notes"). A kernel without a note (compiled by
 * another back end) reads as scalar, with no requirements and no work-group memory. */
typedef struct __nativecpu_kernel_info {
  uint64_t local_memory_size;      /* bytes of work-group local variables per work-group */
  uint64_t private_memory_size;    /* bytes per work-item kept live across barriers */
  uint32_t reqd_work_group_size[3]; /* x, y, z (x fastest); all 0 when none is required */
  uint32_t sub_group_size;         /* work-items of a full sub-group (the vector width) */
  uint32_t reqd_sub_group_size;    /* 0 when none is required */
  uint32_t vector_width;           /* work-items per call of the vector form, 1 if scalar */
} __nativecpu_kernel_info;

/* Fills *info for the kernel; NATIVECPU_ERROR_INVALID_KERNEL if no such kernel is registered
 * (or its image was refused), NATIVECPU_ERROR_RUNTIME for null pointers. */
int __nativecpu_get_kernel_info(const char *kernel_name, __nativecpu_kernel_info *info);

/* NATIVECPU_SUCCESS when the device can run the kernel; NATIVECPU_ERROR_INVALID_KERNEL, with the
 * last error set, when no such kernel is registered or the device cannot run it (an aspect its
 * image requires that the device lacks, a required work-group or sub-group size it does not
 * have). Launches of such a kernel fail the same way. */
int __nativecpu_kernel_supported(const char *kernel_name);

/* The kernel compiler (sycl_ext_oneapi_kernel_compiler, docs/kernel-compiler.md): builds a
 * source string of free function kernels with ncpu++ into a shared library and loads it (it stays
 * loaded). ncpu++ is NCPU_CXX if set, else the one that linked the program (recorded by
 * __nativecpu_set_compiler_driver), else ncpu++ on the PATH. */
typedef struct __nativecpu_source_file {
  const char *name;    /* as #include "name" spells it, relative */
  const char *content;
} __nativecpu_source_file;

typedef struct __nativecpu_source_build {
  const char *source;
  const __nativecpu_source_file *include_files;
  size_t include_file_count;
  const char *const *options; /* ncpu++ flags */
  size_t option_count;
  const char *const *registered_names; /* C++ expressions naming kernel functions */
  size_t registered_name_count;
} __nativecpu_source_build;

/* One row of the table `__ncpu_compiled_kernels` a built library defines (the headers'
 * compiled_kernel writes it); a null name ends it. */
typedef struct __nativecpu_compiled_kernel {
  const char *name;        /* the registered expression or the extern "C" name */
  const char *kernel_name; /* the name its kernel is registered under */
  const void *function;    /* the kernel function */
  const void *binder;      /* the headers' kernel object binder */
  int argument_count;
} __nativecpu_compiled_kernel;

typedef struct __nativecpu_built_kernel {
  const char *name;
  const char *kernel_name;
  const char *raw_name; /* the function's symbol name */
  const void *binder;
  int argument_count;
} __nativecpu_built_kernel;

enum __nativecpu_build_status {
  NATIVECPU_BUILD_INVALID = 1, /* the request is wrong (an include file's name, an option) */
  NATIVECPU_BUILD_FAILED = 2   /* compiling or loading failed; the log says why */
};

typedef struct __nativecpu_built_source {
  int status; /* NATIVECPU_SUCCESS or a __nativecpu_build_status */
  const char *log;
  const __nativecpu_built_kernel *kernels;
  size_t kernel_count;
} __nativecpu_built_source;

/* Never null; free it with __nativecpu_release_built_source. */
const __nativecpu_built_source *__nativecpu_build_source(const __nativecpu_source_build *request);
void __nativecpu_release_built_source(const __nativecpu_built_source *built);
/* Called by the constructor ncpu++ links into each program and library; the first call wins. */
void __nativecpu_set_compiler_driver(const char *path);

#ifdef __cplusplus
}
#endif

#endif

/*
 * Device-side definitions of the Native CPU flow, compiled to LLVM bitcode and linked into every
 * device module before the compiler pipeline.
 *
 * The work-item state below is the Unified Runtime Native CPU adapter's `native_cpu::state`
 * layout (reference intel-llvm-native-cpu.md section 4.1). It is ABI: the runtime fills it and
 * every subhandler receives a pointer to it. The accessors follow libdevice's
 * `__dpcpp_nativecpu_*` names and signatures (section 4.2), taking the state last.
 *
 * All accessors are always_inline: after the pipeline has inlined them into the work-item loops,
 * a private copy of the state made by each subhandler lets LLVM keep the whole state in
 * registers.
 */

typedef unsigned long size_t;
typedef unsigned int uint32_t;

struct __nativecpu_state {
  size_t MGlobal_id[3];
  size_t MGlobal_range[3];
  size_t MWorkGroup_size[3];
  size_t MWorkGroup_id[3];
  size_t MLocal_id[3];
  size_t MNumGroups[3];
  size_t MGlobalOffset[3];
  uint32_t NumSubGroups;
  uint32_t SubGroup_id;
  uint32_t SubGroup_local_id;
  uint32_t SubGroup_size;
};

_Static_assert(sizeof(struct __nativecpu_state) == 7 * 3 * 8 + 4 * 4, "state layout is ABI");

#define NCPU_INLINE __attribute__((always_inline, visibility("hidden")))

/* Ranked getters: out-of-range dimensions answer as OpenCL does (0 for ids/offsets, 1 for sizes). */
#define NCPU_RANKED_GETTER(name, field, fallback)                                       \
  NCPU_INLINE size_t __dpcpp_nativecpu_##name(uint32_t dim, struct __nativecpu_state *s) { \
    return dim < 3 ? s->field[dim] : (fallback);                                        \
  }

NCPU_RANKED_GETTER(get_global_id, MGlobal_id, 0)
NCPU_RANKED_GETTER(get_global_range, MGlobal_range, 1)
NCPU_RANKED_GETTER(get_global_offset, MGlobalOffset, 0)
NCPU_RANKED_GETTER(get_local_id, MLocal_id, 0)
NCPU_RANKED_GETTER(get_num_groups, MNumGroups, 1)
NCPU_RANKED_GETTER(get_wg_size, MWorkGroup_size, 1)
NCPU_RANKED_GETTER(get_wg_id, MWorkGroup_id, 0)

NCPU_INLINE uint32_t __dpcpp_nativecpu_get_sub_group_id(struct __nativecpu_state *s) {
  return s->SubGroup_id;
}
NCPU_INLINE uint32_t __dpcpp_nativecpu_get_sub_group_local_id(struct __nativecpu_state *s) {
  return s->SubGroup_local_id;
}
NCPU_INLINE uint32_t __dpcpp_nativecpu_get_sub_group_size(struct __nativecpu_state *s) {
  return s->SubGroup_size;
}
NCPU_INLINE uint32_t __dpcpp_nativecpu_get_max_sub_group_size(struct __nativecpu_state *s) {
  return s->SubGroup_size;
}
NCPU_INLINE uint32_t __dpcpp_nativecpu_get_num_sub_groups(struct __nativecpu_state *s) {
  return s->NumSubGroups;
}

NCPU_INLINE void __dpcpp_nativecpu_set_num_sub_groups(uint32_t value, struct __nativecpu_state *s) {
  s->NumSubGroups = value;
}
NCPU_INLINE void __dpcpp_nativecpu_set_sub_group_id(uint32_t value, struct __nativecpu_state *s) {
  s->SubGroup_id = value;
}
NCPU_INLINE void __dpcpp_nativecpu_set_max_sub_group_size(uint32_t value,
                                                          struct __nativecpu_state *s) {
  s->SubGroup_size = value;
}

/* Sets one local id and recomputes the matching global id, as the UR adapter's state does. */
NCPU_INLINE void __dpcpp_nativecpu_set_local_id(uint32_t dim, size_t value,
                                                struct __nativecpu_state *s) {
  if (dim < 3) {
    s->MLocal_id[dim] = value;
    s->MGlobal_id[dim] =
        s->MWorkGroup_size[dim] * s->MWorkGroup_id[dim] + value + s->MGlobalOffset[dim];
  }
}

/*
 * Per-thread scratch buffers for a work-group's working memory (slot 0: the live variables of
 * barrier regions, one struct per work-item; slot 1: module-scope work-group local variables).
 * They live on the heap, so large work-groups never overflow a worker's stack, and each thread
 * keeps its buffers for every later work-group it runs. Only libc is needed.
 */
int posix_memalign(void **memory, size_t alignment, size_t size);
void free(void *memory);

struct ncpu_scratch_buffer {
  void *data;
  size_t capacity;
};

/* Named with the library's reserved prefix: check-kernel-features lets kernels reach the
   library's own thread-locals (its address space query reads them). */
static _Thread_local struct ncpu_scratch_buffer __dpcpp_nativecpu_scratch[2];

/* The compiler's WORK_GROUP_MEMORY_ALIGNMENT: the alignment of vec<double, 16>. */
#define NCPU_SCRATCH_ALIGNMENT 128

__attribute__((visibility("hidden"))) void *__dpcpp_nativecpu_work_group_scratch(uint32_t slot,
                                                                                 size_t bytes) {
  struct ncpu_scratch_buffer *buffer = &__dpcpp_nativecpu_scratch[slot & 1];
  if (buffer->capacity < bytes) {
    size_t capacity = buffer->capacity * 2 > bytes ? buffer->capacity * 2 : bytes;
    if (capacity < 4096)
      capacity = 4096;
    free(buffer->data);
    buffer->data = 0;
    buffer->capacity = 0;
    if (posix_memalign(&buffer->data, NCPU_SCRATCH_ALIGNMENT, capacity) != 0)
      __builtin_trap();
    buffer->capacity = capacity;
  }
  return buffer->data;
}

/*
 * The SYCL address space a work-item's pointer points into (sycl::access::address_space: 0
 * private, 1 global, 3 local), for the dynamic address space casts of the headers
 * (docs/kernel-features.md, "Dynamic address space casts"). The scratch buffers above are this
 * device module's own: the module-scope work-group variables (slot 1) are local memory, the
 * variables live across barriers (slot 0) are private. The runtime knows the rest: the
 * launch's local-memory block, the thread's stack.
 */
unsigned int __nativecpu_address_space_of(const void *pointer);

static int ncpu_scratch_holds(const struct ncpu_scratch_buffer *buffer, const void *pointer) {
  return (size_t)pointer - (size_t)buffer->data < buffer->capacity;
}

NCPU_INLINE unsigned int __dpcpp_nativecpu_address_space_of(const void *pointer) {
  if (ncpu_scratch_holds(&__dpcpp_nativecpu_scratch[1], pointer))
    return 3;
  if (ncpu_scratch_holds(&__dpcpp_nativecpu_scratch[0], pointer))
    return 0;
  return __nativecpu_address_space_of(pointer);
}

/*
 * Work-group memory, read from the subhandler's private copy of the state, which extends the
 * runtime's state with two pointers: the runtime's local memory block (local accessors), and
 * the scratch buffer holding module-scope work-group local variables.
 */
struct ncpu_private_state {
  struct __nativecpu_state state;
  char *local_arguments;
  char *local_variables;
};

NCPU_INLINE char *__dpcpp_nativecpu_get_local_argument_memory(struct __nativecpu_state *s) {
  return ((struct ncpu_private_state *)s)->local_arguments;
}

NCPU_INLINE char *__dpcpp_nativecpu_get_local_variable_memory(struct __nativecpu_state *s) {
  return ((struct ncpu_private_state *)s)->local_variables;
}

_Static_assert(__builtin_offsetof(struct ncpu_private_state, local_arguments) == 184 &&
                   __builtin_offsetof(struct ncpu_private_state, local_variables) == 192,
               "the compiler's PRIVATE_STATE layout");

/*
 * Device assert. The C library's `assert` calls `__assert_fail`, which in device code resolves
 * to the definition below: it adds the failing work-item's global and local ids (x, y, z) and
 * prints DPC++'s device-assert message, `<file>:<line>: <function>: global id: [x,y,z], local
 * id: [x,y,z] Assertion `<expression>` failed.` (docs/compiler-pipeline.md, "Device assert"),
 * on stderr, then aborts. The id queries are the pipeline's mux builtins, so after inlining
 * each work-item (each vector lane) reports its own ids.
 */
typedef unsigned long uint64_t;

size_t __mux_get_global_id(uint32_t dim);
size_t __mux_get_local_id(uint32_t dim);
int dprintf(int fd, const char *format, ...);
void abort(void) __attribute__((noreturn));

/* DPC++'s libdevice entry point, kept out of line: it is the cold path of every assert. */
__attribute__((noinline, cold, noreturn, visibility("hidden"))) void
__devicelib_assert_fail(const char *expr, const char *file, int line, const char *func,
                        uint64_t gid0, uint64_t gid1, uint64_t gid2, uint64_t lid0, uint64_t lid1,
                        uint64_t lid2) {
  dprintf(2, "%s:%d: %s: global id: [%lu,%lu,%lu], local id: [%lu,%lu,%lu] Assertion `%s` failed.\n",
          file, line, func ? func : "<unknown function>", gid0, gid1, gid2, lid0, lid1, lid2, expr);
  abort();
}

__attribute__((noreturn)) void __assert_fail(const char *expr, const char *file, unsigned line,
                                             const char *func) {
  __devicelib_assert_fail(expr, file, (int)line, func, __mux_get_global_id(0),
                          __mux_get_global_id(1), __mux_get_global_id(2), __mux_get_local_id(0),
                          __mux_get_local_id(1), __mux_get_local_id(2));
}

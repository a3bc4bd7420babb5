/* Runs the `ids` kernel lowered for a software scheduling target (docs/compiler-pipeline.md,
 * "Scheduling targets"): the caller's side of the software ABI. It calls the kernel wrapper
 * once per work-group with the work-group structure filled in and the kernel's one argument
 * packed in a structure, then checks every element. With THREAD_ID defined, the wrapper takes
 * the thread id as a third parameter, which that target returns as every local id: all the
 * work-items of a group then write the one element whose local ids are THREAD_ID. */
#include <stdint.h>
#include <stdio.h>

struct work_group_info {
  uint64_t group_id[3], num_groups[3], global_offset[3], local_size[3];
  uint32_t dimensions;
};

#ifdef THREAD_ID
void wrapper(void *args, struct work_group_info *info, uint64_t thread_id)
    __asm__("ids.mux-kernel-wrapper");
#define CALL(args, info) wrapper(args, info, THREAD_ID)
#define WRITTEN(x, y) ((x) % LX == THREAD_ID && (y) % LY == THREAD_ID)
#else
void wrapper(void *args, struct work_group_info *info) __asm__("ids.mux-kernel-wrapper");
#define CALL(args, info) wrapper(args, info)
#define WRITTEN(x, y) 1
#endif

enum { LX = 4, LY = 2, GX = 3, GY = 2, W = LX * GX, H = LY * GY };

int main(void) {
  static int64_t out[W * H];
  struct { int64_t *out; } args = { out };
  struct work_group_info info = { {0}, {GX, GY, 1}, {0}, {LX, LY, 1}, 2 };
  for (uint64_t gy = 0; gy < GY; ++gy)
    for (uint64_t gx = 0; gx < GX; ++gx) {
      info.group_id[0] = gx;
      info.group_id[1] = gy;
      CALL(&args, &info);
    }
  int wrong = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      int64_t expected = WRITTEN(x, y) ? y * 1000 + x + (int64_t)(x % LX) * 1000000 : 0;
      if (out[y * W + x] != expected) {
        if (wrong++ < 5)
          printf("(%d, %d): %lld, expected %lld\n", x, y, (long long)out[y * W + x],
                 (long long)expected);
      }
    }
  printf("%d wrong\n", wrong);
  return wrong != 0;
}

; A kernel writing y * 1000 + x + local x * 1000000 at (x, y) of a 2-D range, lowered through
; the software scheduling targets and run by scheduling_targets/harness.c (docs/compiler-pipeline.md,
; "Scheduling targets").
target triple = "x86_64-pc-linux-gnu"

declare i64 @__mux_get_global_id(i32)
declare i64 @__mux_get_global_size(i32)
declare i64 @__mux_get_local_id(i32)

define void @ids(ptr %out) #0 {
  %x = call i64 @__mux_get_global_id(i32 0)
  %y = call i64 @__mux_get_global_id(i32 1)
  %width = call i64 @__mux_get_global_size(i32 0)
  %lx = call i64 @__mux_get_local_id(i32 0)
  %row = mul i64 %y, %width
  %index = add i64 %row, %x
  %slot = getelementptr i64, ptr %out, i64 %index
  %scaled = mul i64 %y, 1000
  %v0 = add i64 %scaled, %x
  %v1 = mul i64 %lx, 1000000
  %v = add i64 %v0, %v1
  store i64 %v, ptr %slot
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="ids" }

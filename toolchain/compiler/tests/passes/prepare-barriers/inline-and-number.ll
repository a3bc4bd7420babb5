; prepare-barriers: every helper that synchronises the work-group is inlined into the kernels,
; whether it calls the barrier itself (noinline), through another helper (two calls deep, with a
; collective), or is optnone; then every barrier-like call of the entry points gets a new id
; 0, 1, 2 … with one counter for the module: kernels in module order, calls in block (layout)
; order, whatever id they had before. A helper without barriers keeps its call and its noinline,
; in kernels with and without barriers; the inlined helpers (internal, now unused) are gone.
; The barrier-like functions become `convergent nounwind`, so no later pass copies a numbered one.
; RUN: muxc --passes prepare-barriers,verify -S %s | FileCheck %s

; CHECK-NOT: define {{.*}}@_Z4syncv
; CHECK-NOT: define {{.*}}@_Z4leafi
; CHECK-NOT: define {{.*}}@_Z6middlei
; CHECK-NOT: define {{.*}}@_Z7optnonev
; CHECK: define internal spir_func i32 @_Z5plaini(i32 %v) #[[NOINLINE:[0-9]+]] {

; CHECK-LABEL: define spir_kernel void @_ZTS5First(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
; CHECK-NEXT: %p = call spir_func i32 @_Z5plaini(i32 1)
; CHECK-NEXT: [[SUM:%.*]] = call i32 @__mux_work_group_reduce_add_i32(i32 1, i32 %p)
; CHECK-NEXT: store i32 [[SUM]], ptr %out
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 2, i32 2, i32 272)
; CHECK-NEXT: ret void

; Layout order, not control-flow order: %early is laid out first but runs last.
; CHECK-LABEL: define spir_kernel void @_ZTS6Second(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: br label %late
; CHECK: early:
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 3, i32 2, i32 272)
; CHECK-NEXT: ret void
; CHECK: late:
; CHECK-NEXT: call void @__mux_work_group_barrier(i32 4, i32 2, i32 272)
; CHECK-NEXT: br label %early

; CHECK-LABEL: define spir_kernel void @_ZTS5Plain(ptr %out)
; CHECK-NEXT: entry:
; CHECK-NEXT: %p = call spir_func i32 @_Z5plaini(i32 2)
; CHECK-NOT: __mux_work_group
; CHECK: ret void

; CHECK: declare void @__mux_work_group_barrier(i32, i32, i32) #[[COLLECTIVE:[0-9]+]]
; CHECK: declare i32 @__mux_work_group_reduce_add_i32(i32, i32) #[[COLLECTIVE]]
; CHECK: attributes #[[NOINLINE]] = { noinline }
; CHECK: attributes #[[COLLECTIVE]] = { convergent nounwind }

source_filename = "inline.cpp"
target triple = "x86_64-pc-linux-gnu"

define internal spir_func void @_Z4syncv() #1 {
entry:
  call void @__mux_work_group_barrier(i32 7, i32 2, i32 272)
  ret void
}

define internal spir_func i32 @_Z4leafi(i32 %v) #1 {
entry:
  %r = call i32 @__mux_work_group_reduce_add_i32(i32 9, i32 %v)
  ret i32 %r
}

define internal spir_func i32 @_Z6middlei(i32 %v) #1 {
entry:
  %r = call spir_func i32 @_Z4leafi(i32 %v)
  ret i32 %r
}

define internal spir_func void @_Z7optnonev() #2 {
entry:
  call void @__mux_work_group_barrier(i32 5, i32 2, i32 272)
  ret void
}

define internal spir_func i32 @_Z5plaini(i32 %v) #1 {
entry:
  %r = add i32 %v, 1
  ret i32 %r
}

define spir_kernel void @_ZTS5First(ptr %out) #0 {
entry:
  call spir_func void @_Z4syncv()
  %p = call spir_func i32 @_Z5plaini(i32 1)
  %r = call spir_func i32 @_Z6middlei(i32 %p)
  store i32 %r, ptr %out
  call spir_func void @_Z7optnonev()
  ret void
}

define spir_kernel void @_ZTS6Second(ptr %out) #3 {
entry:
  br label %late
early:
  call void @__mux_work_group_barrier(i32 0, i32 2, i32 272)
  ret void
late:
  call spir_func void @_Z4syncv()
  br label %early
}

define spir_kernel void @_ZTS5Plain(ptr %out) #4 {
entry:
  %p = call spir_func i32 @_Z5plaini(i32 2)
  store i32 %p, ptr %out
  ret void
}

declare void @__mux_work_group_barrier(i32, i32, i32)
declare i32 @__mux_work_group_reduce_add_i32(i32, i32)

attributes #0 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5First" "mux-base-fn-name"="_ZTS5First" }
attributes #1 = { noinline }
attributes #2 = { noinline optnone }
attributes #3 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS6Second" "mux-base-fn-name"="_ZTS6Second" }
attributes #4 = { "mux-kernel"="entry-point" "mux-orig-fn"="_ZTS5Plain" "mux-base-fn-name"="_ZTS5Plain" }

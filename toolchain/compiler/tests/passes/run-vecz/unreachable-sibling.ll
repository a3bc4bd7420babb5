; run-vecz: a path ending in `unreachable` (a failed assert) continues where its branch would
; have gone otherwise, so the divergent region of that branch is the failing block alone. Here a
; uniform test (the row) guards a varying one (the column), as `assert(row != r || column != c)`
; compiles; branching the failing block to a separate return block instead made the varying
; branch's region reach `fine`, which the uniform branch also enters, and the kernel stayed
; scalar. A failing block whose other path is a loop's back edge branches to a new return
; block instead, so the loop keeps one latch.
; RUN: muxc --passes 'run-vecz<width=4;remarks>' -S %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: muxc --passes 'run-vecz<width=4>' -S %s | FileCheck %s

; REMARK-DAG: remark: guarded: vectorized at width 4
; REMARK-DAG: remark: in_loop: vectorized at width 4

; CHECK-LABEL: define void @guarded(
; CHECK: {{^}}fail:
; CHECK-NEXT: call void @__assert_fail(
; CHECK-NEXT: br label %fine
; CHECK-LABEL: define void @in_loop(
; CHECK: {{^}}fail:
; CHECK-NEXT: call void @__assert_fail(
; CHECK-NEXT: br label %exit
; CHECK: {{^}}finished:
; CHECK-NEXT: br label %exit
; CHECK: {{^}}exit:
; CHECK-NEXT: ret void
; CHECK-LABEL: define internal void @__vecz_v4_guarded(
; CHECK: call void @__assert_fail(
; CHECK-LABEL: define internal void @__vecz_v4_in_loop(

declare i64 @__mux_get_global_id(i32)
declare void @__assert_fail(ptr, ptr, i32, ptr) noreturn

@text = private constant [2 x i8] c"x\00"

define void @guarded(ptr %out, i64 %bad_row) #0 {
entry:
  %row = call i64 @__mux_get_global_id(i32 1)
  %is_row = icmp eq i64 %row, %bad_row
  br i1 %is_row, label %check_column, label %fine

check_column:
  %column = call i64 @__mux_get_global_id(i32 0)
  %is_column = icmp eq i64 %column, 5
  br i1 %is_column, label %fail, label %fine

fail:
  call void @__assert_fail(ptr @text, ptr @text, i32 1, ptr @text)
  unreachable

fine:
  %x = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds i64, ptr %out, i64 %x
  store i64 %row, ptr %p, align 8
  ret void
}

define void @in_loop(ptr %out, i64 %n) #0 {
entry:
  %x = call i64 @__mux_get_global_id(i32 0)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %next, %latch ]
  %p = getelementptr inbounds i64, ptr %out, i64 %i
  store i64 %x, ptr %p, align 8
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %finished, label %latch

latch:
  %too_big = icmp ugt i64 %next, %x
  br i1 %too_big, label %fail, label %loop

fail:
  call void @__assert_fail(ptr @text, ptr @text, i32 2, ptr @text)
  unreachable

finished:
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }

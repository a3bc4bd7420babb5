; run-vecz: the lanes of a vector form share the launch's copy of a by-value argument, so a
; kernel that may write it keeps only its scalar form. One that never reads it (`readnone`, as
; the front-end marks an empty lambda whose body only calls `__assert_fail`) or only reads it is
; vectorized.
; RUN: muxc --passes 'run-vecz<width=4;remarks>' -S %s -o %t 2>&1 | FileCheck %s
; RUN: muxc --passes 'run-vecz<width=4>' -S %s | FileCheck %s --check-prefix=IR

; CHECK-DAG: remark: unread: vectorized at width 4
; CHECK-DAG: remark: read: vectorized at width 4
; CHECK-DAG: remark: written: not vectorized: the kernel writes its by-value argument

; IR: define internal void @__vecz_v4_unread(ptr noalias readnone {{.*}}%object, ptr {{.*}}%out, i32 %active.lanes)
; IR: define internal void @__vecz_v4_read(ptr noalias readonly {{.*}}%object, ptr {{.*}}%out, i32 %active.lanes)
; IR-NOT: @__vecz_v4_written

%empty = type { i8 }
%pair = type { i32, i32 }

declare i64 @__mux_get_global_id(i32)
declare void @__assert_fail(ptr, ptr, i32, ptr) noreturn

@expression = private constant [6 x i8] c"i < 8\00"

define void @unread(ptr byval(%empty) readnone %object, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %bad = icmp uge i64 %gid, 8
  br i1 %bad, label %fail, label %fine

fail:
  call void @__assert_fail(ptr @expression, ptr @expression, i32 1, ptr @expression)
  unreachable

fine:
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

define void @read(ptr byval(%pair) readonly %object, ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %first = load i32, ptr %object, align 4
  %wide = sext i32 %first to i64
  %sum = add i64 %gid, %wide
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %sum, ptr %p, align 8
  ret void
}

define void @written(ptr byval(%pair) %object, ptr %out) #0 {
  %gid = call i64 @__mux_get_global_id(i32 0)
  %narrow = trunc i64 %gid to i32
  store i32 %narrow, ptr %object, align 4
  %p = getelementptr inbounds i64, ptr %out, i64 %gid
  store i64 %gid, ptr %p, align 8
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }

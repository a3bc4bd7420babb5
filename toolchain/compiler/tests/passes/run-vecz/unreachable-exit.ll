; run-vecz: a path that ends in `unreachable` after a call that does not return (here
; UndefinedBehaviorSanitizer's abort handler, which -fsanitize=undefined puts in kernels) does not
; stop vectorization: the preparation branches it to the return, and the call runs once per lane
; that reaches it, with that lane's operand.
; RUN: muxc --passes 'run-vecz<width=4>,verify' -S %s | FileCheck %s

; CHECK-LABEL: define internal void @__vecz_v4_checked(
; CHECK: icmp {{.*}}<4 x i64>
; CHECK: extractelement <4 x i1> %{{.*}}, i32 0
; CHECK: {{^}}lane{{[0-9]*}}:
; CHECK-NEXT: %[[VALUE:.*]] = extractelement <4 x i64> %{{.*}}, i32 0
; CHECK-NEXT: call void @__ubsan_handle_type_mismatch_v1_abort(ptr {{(nonnull )?}}@data, i64 %[[VALUE]])
; CHECK-COUNT-3: call void @__ubsan_handle_type_mismatch_v1_abort(
; CHECK-NOT: unreachable
; CHECK: call void @llvm.masked.store.v4i32.p0(
; CHECK: ret void

declare i64 @__mux_get_global_id(i32)
declare void @__ubsan_handle_type_mismatch_v1_abort(ptr, i64) noreturn nounwind

@data = private constant [4 x i8] zeroinitializer

define void @checked(ptr %table, ptr %out) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %slot = getelementptr inbounds ptr, ptr %table, i64 %gid
  %p = load ptr, ptr %slot, align 8
  %bits = ptrtoint ptr %p to i64
  %low = and i64 %bits, 3
  %bad = icmp ne i64 %low, 0
  br i1 %bad, label %abort, label %fine

abort:
  call void @__ubsan_handle_type_mismatch_v1_abort(ptr @data, i64 %bits)
  unreachable

fine:
  %v = load i32, ptr %p, align 4
  %pout = getelementptr inbounds i32, ptr %out, i64 %gid
  store i32 %v, ptr %pout, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" }

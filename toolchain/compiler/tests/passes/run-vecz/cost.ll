; run-vecz without width=N keeps a kernel scalar when its vector form's lanes do not save a
; quarter of the register operations its work-items take one by one: a <16 x double> already
; fills four AVX2 registers per work-item, and a <4 x float> per work-item is loaded by gathers
; (lanes: the varying instructions' values W times as wide, plus what gathers cost beyond
; contiguous accesses).
; A vector form of more register operations than the budget is made again at half the width,
; down to two lanes (docs/vectorizer.md, "What the vector form costs"). An explicit width=N is
; taken as asked.
; RUN: muxc --passes 'run-vecz<remarks>,verify' -S %s 2>&1 | FileCheck %s
; RUN: muxc --passes 'run-vecz<remarks;budget=40>,verify' -S %s 2>&1 | FileCheck %s --check-prefix=BUDGET
; RUN: muxc --passes 'run-vecz<remarks;budget=1>,verify' -S %s 2>&1 | FileCheck %s --check-prefix=SMALLEST
; RUN: muxc --passes 'run-vecz<remarks;width=8>,verify' -S %s 2>&1 | FileCheck %s --check-prefix=ASKED

; CHECK-DAG: remark: doubles16: not vectorized: not worth it: its 8 lanes take 292 register operations, 8 work-items one by one 112
; CHECK-DAG: remark: floats4: not vectorized: not worth it: its 8 lanes take 64 register operations, 8 work-items one by one 40
; CHECK-DAG: remark: looping: vectorized at width 16 ({{.*}}; 54 register operations, {{[0-9]+}} in its lanes, {{[0-9]+}} for as many work-items one by one)
; CHECK-NOT: @__vecz_v{{[0-9]+}}_doubles16
; CHECK-NOT: @__vecz_v{{[0-9]+}}_floats4
; CHECK-DAG: define internal void @__vecz_v16_looping(

; BUDGET: remark: looping: vectorized at width 8 ({{.*}}; 32 register operations,
; BUDGET: define internal void @__vecz_v8_looping(

; SMALLEST: remark: looping: vectorized at width 2 ({{.*}}; 25 register operations, 8 in its lanes, 16 for as many work-items one by one)
; SMALLEST: define internal void @__vecz_v2_looping(

; ASKED-DAG: remark: doubles16: vectorized at width 8
; ASKED-DAG: remark: floats4: vectorized at width 8
; ASKED-DAG: remark: looping: vectorized at width 8
; ASKED-DAG: define internal void @__vecz_v8_doubles16(
; ASKED-DAG: define internal void @__vecz_v8_floats4(

declare i64 @__mux_get_global_id(i32)

define void @doubles16(ptr %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds <16 x double>, ptr %data, i64 %gid
  %v = load <16 x double>, ptr %p, align 128
  %squared = fmul <16 x double> %v, %v
  store <16 x double> %squared, ptr %p, align 128
  ret void
}

define void @floats4(ptr %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %p = getelementptr inbounds <4 x float>, ptr %data, i64 %gid
  %v = load <4 x float>, ptr %p, align 16
  %squared = fmul <4 x float> %v, %v
  store <4 x float> %squared, ptr %p, align 16
  ret void
}

define void @looping(ptr %data, i64 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %row = mul i64 %i, %n
  %at = add i64 %row, %gid
  %p = getelementptr inbounds float, ptr %data, i64 %at
  %v = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %v
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done

done:
  %q = getelementptr inbounds float, ptr %data, i64 %gid
  store float %sum.next, ptr %q, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+fma" }

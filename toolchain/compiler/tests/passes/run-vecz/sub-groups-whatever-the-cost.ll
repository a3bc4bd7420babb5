; run-vecz: a kernel that observes its sub-groups is vectorized at the register's lanes even
; where a kernel that does not would be left scalar: its sub-groups of one would disagree with
; those of the program's other kernels (docs/vectorizer.md, "Where it runs"). Here most varying
; instructions are calls that run once per lane, which keeps `per_lane` scalar and not
; `per_lane_sub_group`. A sub-group kernel that cannot be vectorized at all (a private array
; whose length is not a constant) says so in a warning on standard error, whether or not
; remarks were asked for; `no-warnings` (the driver's -w) silences it and `warnings-as-errors`
; (-Werror) makes it an error.
; RUN: muxc --passes 'run-vecz<remarks>,verify' -S %s 2>&1 | FileCheck %s
; RUN: muxc --passes 'run-vecz,verify' -S %s 2>&1 | FileCheck %s --check-prefix=WARNING
; RUN: muxc --passes 'run-vecz<no-warnings>,verify' -S %s 2>&1 | FileCheck %s --check-prefix=SILENT
; RUN: not muxc --passes 'run-vecz<warnings-as-errors>,verify' -S %s 2>&1 | FileCheck %s --check-prefix=ERROR

; CHECK-DAG: remark: per_lane: not vectorized: not worth it: 2 of 3 varying instructions would run once per lane
; CHECK-DAG: remark: per_lane_sub_group: vectorized at width 8
; CHECK-DAG: remark: varying_length_sub_group: not vectorized: a private array whose length is not a constant
; CHECK-DAG: define internal void @__vecz_v8_per_lane_sub_group(
; WARNING: warning: kernel 'varying_length_sub_group' runs with sub-groups of one work-item, not 8: it could not be vectorized (a private array whose length is not a constant)
; WARNING-NOT: warning:
; SILENT-NOT: warning:
; SILENT: define internal void @__vecz_v8_per_lane_sub_group(
; ERROR: error: in function 'varying_length_sub_group': kernel 'varying_length_sub_group' runs with sub-groups of one work-item, not 8: it could not be vectorized (a private array whose length is not a constant) [-Werror]

declare i64 @__mux_get_global_id(i32)
declare i32 @__mux_get_sub_group_local_id()
declare void @report(i64)
declare void @report_lane(i32)
declare void @fill(ptr, i32)

define void @per_lane(ptr %data) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  call void @report(i64 %gid)
  call void @report(i64 %gid)
  ret void
}

define void @per_lane_sub_group(ptr %data) #0 {
entry:
  %lane = call i32 @__mux_get_sub_group_local_id()
  call void @report_lane(i32 %lane)
  call void @report_lane(i32 %lane)
  ret void
}

define void @varying_length_sub_group(ptr %data, i32 %n) #0 {
entry:
  %gid = call i64 @__mux_get_global_id(i32 0)
  %lane = call i32 @__mux_get_sub_group_local_id()
  %array = alloca i32, i32 %n, align 4
  call void @fill(ptr %array, i32 %lane)
  %v = load i32, ptr %array, align 4
  %p = getelementptr inbounds i32, ptr %data, i64 %gid
  store i32 %v, ptr %p, align 4
  ret void
}

attributes #0 = { "mux-kernel"="entry-point" "target-features"="+avx,+avx2,+fma" }

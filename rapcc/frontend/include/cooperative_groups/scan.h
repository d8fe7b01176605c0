/* rapcc stand-in for <cooperative_groups/scan.h> (declarations only). */
#ifndef RAPCC_CG_SCAN_H
#define RAPCC_CG_SCAN_H
#include <cooperative_groups/reduce.h>
namespace cooperative_groups {
template <class Group, class T> __device__ T inclusive_scan(const Group &, T) { __builtin_unreachable(); }
template <class Group, class T, class Op> __device__ T inclusive_scan(const Group &, T, Op &&) { __builtin_unreachable(); }
template <class Group, class T> __device__ T exclusive_scan(const Group &, T) { __builtin_unreachable(); }
template <class Group, class T, class Op> __device__ T exclusive_scan(const Group &, T, Op &&) { __builtin_unreachable(); }
}
#endif

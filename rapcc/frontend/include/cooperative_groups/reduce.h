/* rapcc stand-in for <cooperative_groups/reduce.h> (declarations only):
 * cg::reduce and the operator function objects. */
#ifndef RAPCC_CG_REDUCE_H
#define RAPCC_CG_REDUCE_H
#include <cooperative_groups.h>
namespace cooperative_groups {
#define RAPCC_CGOP(name, expr) \
  template <class T> struct name { __host__ __device__ T operator()(const T &a, const T &b) const { return expr; } };
RAPCC_CGOP(plus, a + b)
RAPCC_CGOP(less, b < a ? b : a)
RAPCC_CGOP(greater, a < b ? b : a)
RAPCC_CGOP(bit_and, a & b)
RAPCC_CGOP(bit_or, a | b)
RAPCC_CGOP(bit_xor, a ^ b)
#undef RAPCC_CGOP
template <class Group, class T, class Op> __device__ T reduce(const Group &, T &&, Op &&) { __builtin_unreachable(); }
template <class Group, class T, class Op> __device__ T reduce(const Group &, const T &, Op &&) { __builtin_unreachable(); }
}
#endif

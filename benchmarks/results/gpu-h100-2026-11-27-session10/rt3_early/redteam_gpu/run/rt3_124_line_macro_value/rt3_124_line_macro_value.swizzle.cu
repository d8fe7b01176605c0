/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt3_124_line_macro_value': swizzle (swizzle Swizzle<5,0,5> on rows of 32, F2-linear (2 of 2 access sets linear; optimal; Linear Layouts §5.4))
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt3_124_line_macro_value/rt3_124_line_macro_value.cu --strategy swizzle --seed 1
 */

__device__ __forceinline__ unsigned int __rapcc_tile_a5ddae7f_map(unsigned int i0, unsigned int i1) { return (i1 ^ i0); }
template <typename T>
__device__ __forceinline__ T &__rapcc_tile_a5ddae7f_at(T (&a)[32][32], unsigned int i0, unsigned int i1) { return a[i0][__rapcc_tile_a5ddae7f_map(i0, i1)]; }
#line 1 "/tmp/redteam_gpu/run/rt3_124_line_macro_value/rt3_124_line_macro_value.cu"
// __LINE__ in the kernel's arithmetic (a debugging habit: tagging values with
// the line that made them): a rewrite that moves the kernel's lines down
// changes the values unless it restores the numbering.
// launch: rt3_124_line_macro_value 2 32x8
static __global__ void rt3_124_line_macro_value(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) __rapcc_tile_a5ddae7f_at(tile, j, tx) = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __rapcc_tile_a5ddae7f_at(tile, tx, j) * 100 + __LINE__;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_124_line_macro_value<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'rt3_124_line_macro_value': pad (pad row 32 -> 33)
 * Reproduce: rapcc /tmp/redteam_gpu/run/rt3_124_line_macro_value/rt3_124_line_macro_value.cu --strategy auto --seed 1
 */

#line 1 "/tmp/redteam_gpu/run/rt3_124_line_macro_value/rt3_124_line_macro_value.cu"
// __LINE__ in the kernel's arithmetic (a debugging habit: tagging values with
// the line that made them): a rewrite that moves the kernel's lines down
// changes the values unless it restores the numbering.
// launch: rt3_124_line_macro_value 2 32x8
static __global__ void rt3_124_line_macro_value(const int *in, int *out, int p) {
    __shared__ int tile[32][32 + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j] * 100 + __LINE__;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_124_line_macro_value<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

// A kernel template over a pack of row offsets, loading and reading with
// fold expressions ((t[R + ty][tx] = ...), ...): four rows per thread, the
// read transposed, all in range.
// launch: rt3_37_fold_expression_legal<0,8,16,24> 2 32x8
// Kept by rapcc for a true reason: the instance is named through a parameter
// pack, whose arguments rapcc does not read, so the instances it runs as are
// not known to the proof.
template <int... R>
static __global__ void rt3_37_fold_expression_legal(const int *in, int *out, int p) {
    __shared__ int t[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, base = blockIdx.x * 1024;
    ((t[R + ty][tx] = in[base + (R + ty) * 32 + tx] & 4095), ...);
    __syncthreads();
    ((out[base + (R + ty) * 32 + tx] = t[tx][R + ty]), ...);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_37_fold_expression_legal<0, 8, 16, 24><<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

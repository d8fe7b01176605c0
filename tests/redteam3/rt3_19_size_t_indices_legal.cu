// Index arithmetic in size_t throughout (a habit from host code): the
// transposed read tile[c][r] with both subscripts size_t, in range.
// launch: rt3_19_size_t_indices_legal 2 32x8
// expect: rewritten
static __global__ void rt3_19_size_t_indices_legal(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const size_t tx = threadIdx.x, ty = threadIdx.y, base = (size_t)blockIdx.x * 1024u;
    for (size_t j = ty; j < 32u; j += 8u) tile[j][tx] = in[base + j * 32u + tx] & 4095;
    __syncthreads();
    for (size_t j = ty; j < 32u; j += 8u) out[base + j * 32u + tx] = tile[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_19_size_t_indices_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

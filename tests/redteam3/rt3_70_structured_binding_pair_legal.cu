// Structured bindings of a pair of indices from a helper returning a
// struct ({row, col} of a transposed read), then a subscript in range.
// launch: rt3_70_structured_binding_pair_legal 2 32x8
struct RC {
    int r, c;
};
__device__ RC transposed(int tx, int j) { return RC{tx, j}; }
static __global__ void rt3_70_structured_binding_pair_legal(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8) {
        const auto [r, c] = transposed(tx, j);
        out[blockIdx.x * 1024 + j * 32 + tx] = tile[r][c];
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_70_structured_binding_pair_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

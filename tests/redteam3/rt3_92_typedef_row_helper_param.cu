// The typedef'd row type also names a helper's parameter (const Row &r):
// the helper reads element c of the row object it is handed.
// launch: rt3_92_typedef_row_helper_param 2 32x8
typedef float Row[32];
__device__ float get(const Row &r, int c) { return r[c]; }
static __global__ void rt3_92_typedef_row_helper_param(const int *in, int *out, int p) {
    __shared__ Row tile[32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(tile[tx][j] + 2.0f * get(tile[j], tx));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_92_typedef_row_helper_param<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

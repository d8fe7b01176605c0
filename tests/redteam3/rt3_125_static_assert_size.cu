// A static_assert on the tile's size (sizeof(tile) == 32 * 32 * sizeof(int)),
// as code that reinterprets the tile elsewhere checks its layout: a layout
// that grows the tile stops the compile.
// launch: rt3_125_static_assert_size 2 32x8
static __global__ void rt3_125_static_assert_size(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    static_assert(sizeof(tile[0]) == 32 * sizeof(int), "rows are 32 ints");
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_125_static_assert_size<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

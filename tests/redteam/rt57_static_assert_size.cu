// A static_assert on the tile's size (a common guard against a changed
// tile): a layout that grows the tile must not break the build.
// launch: rt57_assert 2 32x8
__global__ void rt57_assert(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    static_assert(sizeof(tile) == 32 * 32 * sizeof(float), "tile must stay 4 KB");
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
    __syncthreads();
    float acc = 0.f;
    for (int j = ty; j < 32; j += 8) acc += tile[tx][j];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt57_assert<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

// sizeof(tile) / sizeof(tile[0]) as loop bounds and memset of the whole
// array: both depend on the declared layout.
// launch: rt11_sizeof 2 32x8
__global__ void rt11_sizeof(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    constexpr int ROWS = sizeof(tile) / sizeof(tile[0]);
    constexpr int COLS = sizeof(tile[0]) / sizeof(tile[0][0]);
    if (tid == 0) memset(tile, 0, sizeof(tile));
    __syncthreads();
    for (int r = ty; r < ROWS; r += 8) tile[r][tx] = in[blockIdx.x * 1024 + r * COLS + tx] & 4095;
    __syncthreads();
    int acc = 0;
    for (int r = ty; r < ROWS; r += 8) acc += tile[tx][r];
    const int *flat = reinterpret_cast<const int *>(tile);
    acc += flat[(tid * 3) % (sizeof(tile) / sizeof(int))];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt11_sizeof<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

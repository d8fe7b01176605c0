// auto-deduced and decltype'd pointers to the tile: auto p = tile (a
// pointer to rows), decltype(tile) *whole = &tile; reads in range.
// launch: rt62_auto 2 32x8
__global__ void rt62_auto(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 255);
    __syncthreads();
    auto rows = tile;
    decltype(tile) *whole = &tile;
    float acc = rows[tx][ty] + (*whole)[ty][tx] * 2.f;
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt62_auto<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

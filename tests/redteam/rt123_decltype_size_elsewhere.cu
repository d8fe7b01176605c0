// The tile's type named through decltype (using TileT = decltype(tile))
// and its size taken from the alias, beside a legal transposed read.
// launch: rt123_k 2 32x8
__global__ void rt123_k(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    using TileT = decltype(tile);
    using RowT = decltype(tile[0]);
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    int acc = tile[tx][ty] + (int)sizeof(TileT) + (int)sizeof(RowT) * 3;
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt123_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

// A kernel template over the tile side, launched with 16 and 32 from the
// host: tile[TILE][TILE] transposed, each instance its own layout.
// launch: rt4_54_tmpl_tile<16> 2 16x16
// launch: rt4_54_tmpl_tile<32> 2 32x8 0 1024
// expect: rewritten
template <int TILE>
__global__ void rt4_54_tmpl_tile(const int *in, int *out, int p) {
    __shared__ float tile[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int r = ty; r < TILE; r += blockDim.y)
        tile[r][tx] = (float)(in[(blockIdx.x * TILE * TILE + r * TILE + tx) & 4095] & 1023);
    __syncthreads();
    for (int r = ty; r < TILE; r += blockDim.y)
        out[blockIdx.x * TILE * TILE + r * TILE + tx] = __float_as_int(tile[tx][r]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt4_54_tmpl_tile<16><<<2, dim3(16, 16)>>>(in, out, 0);
    rt4_54_tmpl_tile<32><<<2, dim3(32, 8)>>>(in, out + 1024, 0);
}
#endif

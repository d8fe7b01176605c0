// A tile class owning its storage, with an accessor that returns a
// reference (CUTLASS-style SharedStorage): s.at(j, tx) written, s.at(tx, j) read.
// launch: rt3_06_tile_member_method_legal 2 32x8
template <int H, int W>
struct Tile {
    float d[H][W];
    __device__ float &at(int r, int c) { return d[r][c]; }
};
static __global__ void rt3_06_tile_member_method_legal(const int *in, int *out, int p) {
    __shared__ Tile<32, 32> s;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) s.at(j, tx) = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(s.at(tx, j));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_06_tile_member_method_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

// The row length read back from the declaration's type with a trait
// (Cols<decltype(tile)>::value), and a loop to it: a layout that changes
// the declared extent changes the loop.
// launch: rt3_51_extent_trait_of_decltype 2 32x8
template <typename A>
struct Cols;
template <typename T, int H, int W>
struct Cols<T[H][W]> {
    static constexpr int value = W;
};
__global__ void rt3_51_extent_trait_of_decltype(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    constexpr int W = Cols<decltype(tile)>::value;
    int h = W;
    for (int c = 0; c < W; c += 4) h = h * 3 + tile[tx][c];
    out[blockIdx.x * 256 + ty * 32 + tx] = h + tile[tx][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_51_extent_trait_of_decltype<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

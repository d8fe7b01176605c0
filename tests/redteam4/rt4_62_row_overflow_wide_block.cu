// Written for a 32x8 block (tile[2 * ty][tx] fills the even rows), launched
// with a 64x4 block computed on the host: tx runs to 63, so each store runs
// off the end of its row into the odd row after it, the whole 8x32 tile
// covered once, as flat memory. A layout that moves columns per row breaks it.
// launch: rt4_62_row_overflow 2 64x4
#define TX 32
#define TY 8
__global__ void rt4_62_row_overflow(const int *in, int *out, int p) {
    __shared__ int tile[TY][TX];
    const int tx = threadIdx.x, ty = threadIdx.y;
    tile[2 * ty][tx] = in[(blockIdx.x * 256 + ty * 64 + tx) & 4095] & 4095;
    __syncthreads();
    const int tid = ty * blockDim.x + tx;
    out[blockIdx.x * 256 + tid] = tile[tid & 7][tid >> 3] * 3 + tile[(tid >> 5) & 7][tid & 31];
}
#ifdef __CUDACC__
void launch(const int *in, int *out, int threads) {
    dim3 block(TX, TY);
    if (threads == 256) {
        block.x = 2 * TX;
        block.y = TY / 2;
    }
    rt4_62_row_overflow<<<2, block>>>(in, out, 0);
}
#endif

// CRTP: the base calls the derived loader, which reads the tile through a
// row pointer the base hands it with a width of its own.
// launch: rt2_39_crtp_loader 2 32x8
template <class Derived>
struct TileOp {
    __device__ float apply(float (*tile)[32], int r, int c) const {
        return static_cast<const Derived *>(this)->at(&tile[0][0], r, c);
    }
};
struct WideRows : TileOp<WideRows> {
    __device__ float at(const float *base, int r, int c) const { return base[r * 64 + c]; }
};
__global__ void rt2_39_crtp_loader(const int *in, int *out, int p) {
    __shared__ float tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = (float)(in[blockIdx.x * 512 + tid] & 4095);
    tile[ty + 8][tx] = (float)(in[blockIdx.x * 512 + tid + 256] & 4095);
    __syncthreads();
    WideRows op;
    out[blockIdx.x * 256 + tid] = __float_as_int(op.apply(tile, ty & 3, tx + 16) + tile[tx & 15][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_39_crtp_loader<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif

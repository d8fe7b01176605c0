// rapcc-corpus: shared-arrays=4
// 8x8 DCT / IDCT on image blocks in the style of the CUDA samples: a simple
// kernel where each thread computes one coefficient from a shared block,
// and a faster kernel with a padded, macro-strided shared layout in which
// each thread runs a 1-D DCT over a row and then over a column through a
// pointer into the shared block.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <helper_cuda.h>
#include <helper_functions.h>

#define BLOCK_SIZE 8
#define BLOCK_SIZE2 64
#define BLOCK_SIZE_LOG2 3

#define KER2_BLOCK_WIDTH 32
#define KER2_BLOCK_HEIGHT 16
#define KER2_BW_LOG2 5
#define KER2_BH_LOG2 4
#define KER2_SMEMBLOCK_STRIDE (KER2_BLOCK_WIDTH + 1)

#define C_a 1.387039845322148f
#define C_b 1.306562964876377f
#define C_c 1.175875602419359f
#define C_d 0.785694958387102f
#define C_e 0.541196100146197f
#define C_f 0.275899379282943f
#define C_norm 0.3535533905932737f

__constant__ float DCTv8matrix[BLOCK_SIZE2];
__constant__ float DCTv8matrixT[BLOCK_SIZE2];

// One thread per coefficient: CurBlock holds the pixels, then the
// intermediate product of the separable transform.
__global__ void CUDAkernel1DCT(float *Dst, int ImgWidth, int OffsetXBlocks, int OffsetYBlocks, cudaTextureObject_t TexSrc)
{
    const int bx = blockIdx.x + OffsetXBlocks;
    const int by = blockIdx.y + OffsetYBlocks;
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;

    __shared__ float CurBlockLocal1[BLOCK_SIZE2];
    __shared__ float CurBlockLocal2[BLOCK_SIZE2];

    const float tex_x = (float)((bx << BLOCK_SIZE_LOG2) + tx) + 0.5f;
    const float tex_y = (float)((by << BLOCK_SIZE_LOG2) + ty) + 0.5f;
    CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = tex2D<float>(TexSrc, tex_x, tex_y);
    __syncthreads();

    float curelem = 0;
    int DCTv8matrixIndex = 0 * BLOCK_SIZE + ty;
    int CurBlockLocal1Index = 0 * BLOCK_SIZE + tx;
#pragma unroll
    for (int i = 0; i < BLOCK_SIZE; i++) {
        curelem += DCTv8matrix[DCTv8matrixIndex] * CurBlockLocal1[CurBlockLocal1Index];
        DCTv8matrixIndex += BLOCK_SIZE;
        CurBlockLocal1Index += BLOCK_SIZE;
    }
    CurBlockLocal2[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
    __syncthreads();

    curelem = 0;
    int CurBlockLocal2Index = (ty << BLOCK_SIZE_LOG2) + 0;
    DCTv8matrixIndex = 0 * BLOCK_SIZE + tx;
#pragma unroll
    for (int i = 0; i < BLOCK_SIZE; i++) {
        curelem += CurBlockLocal2[CurBlockLocal2Index] * DCTv8matrix[DCTv8matrixIndex];
        CurBlockLocal2Index += 1;
        DCTv8matrixIndex += BLOCK_SIZE;
    }
    CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
    __syncthreads();

    Dst[(by << BLOCK_SIZE_LOG2) * ImgWidth + (bx << BLOCK_SIZE_LOG2) + ty * ImgWidth + tx] =
        CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx];
}

// In-place 1-D DCT of 8 strided values.
__device__ void CUDAsubroutineInplaceDCTvector(float *Vect0, int Step)
{
    float *Vect1 = Vect0 + Step;
    float *Vect2 = Vect1 + Step;
    float *Vect3 = Vect2 + Step;
    float *Vect4 = Vect3 + Step;
    float *Vect5 = Vect4 + Step;
    float *Vect6 = Vect5 + Step;
    float *Vect7 = Vect6 + Step;

    float X07P = (*Vect0) + (*Vect7);
    float X16P = (*Vect1) + (*Vect6);
    float X25P = (*Vect2) + (*Vect5);
    float X34P = (*Vect3) + (*Vect4);

    float X07M = (*Vect0) - (*Vect7);
    float X61M = (*Vect6) - (*Vect1);
    float X25M = (*Vect2) - (*Vect5);
    float X43M = (*Vect4) - (*Vect3);

    float X07P34PP = X07P + X34P;
    float X07P34PM = X07P - X34P;
    float X16P25PP = X16P + X25P;
    float X16P25PM = X16P - X25P;

    (*Vect0) = C_norm * (X07P34PP + X16P25PP);
    (*Vect2) = C_norm * (C_b * X07P34PM + C_e * X16P25PM);
    (*Vect4) = C_norm * (X07P34PP - X16P25PP);
    (*Vect6) = C_norm * (C_e * X07P34PM - C_b * X16P25PM);

    (*Vect1) = C_norm * (C_a * X07M - C_c * X61M + C_d * X25M - C_f * X43M);
    (*Vect3) = C_norm * (C_c * X07M + C_f * X61M - C_a * X25M + C_d * X43M);
    (*Vect5) = C_norm * (C_d * X07M + C_a * X61M + C_f * X25M - C_c * X43M);
    (*Vect7) = C_norm * (C_f * X07M + C_d * X61M + C_c * X25M + C_a * X43M);
}

#define FMUL(x, y) (__mul24(x, y))
#define SMEM_ADDR(row, col) ((row) * KER2_SMEMBLOCK_STRIDE + (col))

__global__ void CUDAkernel2DCT(float *dst, const float *src, int ImgStride)
{
    __shared__ float block[KER2_BLOCK_HEIGHT * KER2_SMEMBLOCK_STRIDE];

    int OffsThreadInRow = threadIdx.y * BLOCK_SIZE + threadIdx.x;
    int OffsThreadInCol = threadIdx.z * BLOCK_SIZE;
    src += FMUL(blockIdx.y * KER2_BLOCK_HEIGHT + OffsThreadInCol, ImgStride) + blockIdx.x * KER2_BLOCK_WIDTH + OffsThreadInRow;
    dst += FMUL(blockIdx.y * KER2_BLOCK_HEIGHT + OffsThreadInCol, ImgStride) + blockIdx.x * KER2_BLOCK_WIDTH + OffsThreadInRow;
    float *bl_ptr = block + OffsThreadInCol * KER2_SMEMBLOCK_STRIDE + OffsThreadInRow;

#pragma unroll
    for (unsigned int i = 0; i < BLOCK_SIZE; i++) bl_ptr[i * KER2_SMEMBLOCK_STRIDE] = src[i * ImgStride];

    __syncthreads();
    // Rows: each thread owns one 8-element row segment.
    CUDAsubroutineInplaceDCTvector(block + SMEM_ADDR(OffsThreadInCol + threadIdx.x, OffsThreadInRow - threadIdx.x), 1);

    __syncthreads();
    // Columns.
    CUDAsubroutineInplaceDCTvector(bl_ptr, KER2_SMEMBLOCK_STRIDE);

    __syncthreads();
    for (unsigned int i = 0; i < BLOCK_SIZE; i++) dst[i * ImgStride] = bl_ptr[i * KER2_SMEMBLOCK_STRIDE];
}

// Quantization of the coefficients in place, one 8x8 block per thread block.
__constant__ short Q[BLOCK_SIZE2] = {
    32, 33, 51, 81, 66, 39, 34, 17, 33, 36, 48, 47, 28, 23, 12, 12,
    51, 48, 47, 28, 23, 12, 12, 12, 81, 47, 28, 23, 12, 12, 12, 12,
    66, 28, 23, 12, 12, 12, 12, 12, 39, 23, 12, 12, 12, 12, 12, 12,
    34, 12, 12, 12, 12, 12, 12, 12, 17, 12, 12, 12, 12, 12, 12, 12};

__global__ void CUDAkernelQuantizationFloat(float *SrcDst, int Stride)
{
    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    __shared__ float quant[BLOCK_SIZE][BLOCK_SIZE];
    int index = (by * BLOCK_SIZE + ty) * Stride + (bx * BLOCK_SIZE + tx);
    quant[ty][tx] = SrcDst[index];
    float q = (float)Q[ty * BLOCK_SIZE + tx];
    quant[ty][tx] = q * roundf(quant[ty][tx] / q);
    SrcDst[index] = quant[ty][tx];
}

static float C(int u) { return u == 0 ? sqrtf(1.0f / BLOCK_SIZE) : sqrtf(2.0f / BLOCK_SIZE); }

int main(int argc, char **argv)
{
    const int width = 512, height = 512, stride = width;
    float h_DCT[BLOCK_SIZE2], h_DCTT[BLOCK_SIZE2];
    for (int u = 0; u < BLOCK_SIZE; u++)
        for (int x = 0; x < BLOCK_SIZE; x++) {
            h_DCT[u * BLOCK_SIZE + x] = C(u) * cosf((2 * x + 1) * u * 3.14159265f / (2 * BLOCK_SIZE));
            h_DCTT[x * BLOCK_SIZE + u] = h_DCT[u * BLOCK_SIZE + x];
        }
    checkCudaErrors(cudaMemcpyToSymbol(DCTv8matrix, h_DCT, sizeof(h_DCT)));
    checkCudaErrors(cudaMemcpyToSymbol(DCTv8matrixT, h_DCTT, sizeof(h_DCTT)));

    float *h_img = (float *)malloc(width * height * sizeof(float));
    for (int i = 0; i < width * height; i++) h_img[i] = (float)(rand() % 256);

    float *d_src, *d_dst;
    checkCudaErrors(cudaMalloc((void **)&d_src, width * height * sizeof(float)));
    checkCudaErrors(cudaMalloc((void **)&d_dst, width * height * sizeof(float)));
    checkCudaErrors(cudaMemcpy(d_src, h_img, width * height * sizeof(float), cudaMemcpyHostToDevice));

    cudaArray *a_src;
    cudaChannelFormatDesc floattex = cudaCreateChannelDesc<float>();
    checkCudaErrors(cudaMallocArray(&a_src, &floattex, width, height));
    checkCudaErrors(cudaMemcpy2DToArray(a_src, 0, 0, h_img, width * sizeof(float), width * sizeof(float), height,
                                        cudaMemcpyHostToDevice));
    cudaResourceDesc resDesc;
    memset(&resDesc, 0, sizeof(resDesc));
    resDesc.resType = cudaResourceTypeArray;
    resDesc.res.array.array = a_src;
    cudaTextureDesc texDesc;
    memset(&texDesc, 0, sizeof(texDesc));
    texDesc.normalizedCoords = false;
    texDesc.filterMode = cudaFilterModeLinear;
    texDesc.addressMode[0] = cudaAddressModeWrap;
    texDesc.addressMode[1] = cudaAddressModeWrap;
    texDesc.readMode = cudaReadModeElementType;
    cudaTextureObject_t TexSrc;
    checkCudaErrors(cudaCreateTextureObject(&TexSrc, &resDesc, &texDesc, NULL));

    dim3 threads(BLOCK_SIZE, BLOCK_SIZE);
    dim3 grid(width / BLOCK_SIZE, height / BLOCK_SIZE);
    CUDAkernel1DCT<<<grid, threads>>>(d_dst, stride, 0, 0, TexSrc);
    getLastCudaError("Kernel execution failed");

    dim3 GridFullWarps(width / KER2_BLOCK_WIDTH, height / KER2_BLOCK_HEIGHT, 1);
    dim3 ThreadsFullWarps(8, KER2_BLOCK_WIDTH / 8, KER2_BLOCK_HEIGHT / 8);
    CUDAkernel2DCT<<<GridFullWarps, ThreadsFullWarps>>>(d_dst, d_src, stride);
    CUDAkernelQuantizationFloat<<<grid, threads>>>(d_dst, stride);
    checkCudaErrors(cudaDeviceSynchronize());

    checkCudaErrors(cudaDestroyTextureObject(TexSrc));
    checkCudaErrors(cudaFreeArray(a_src));
    checkCudaErrors(cudaFree(d_dst));
    checkCudaErrors(cudaFree(d_src));
    free(h_img);
    return 0;
}
